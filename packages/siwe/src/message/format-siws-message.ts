import { invalidSiwsMessage } from './invalid-siws-message.js';
import { SOLANA_HEADER_SUFFIX } from './message-headers.js';
import {
  assertSiwsAddress,
  assertSiwsChainId,
  assertSiwsDateTime,
  assertSiwsDomain,
  assertSiwsNonce,
  assertSiwsRequestId,
  assertSiwsStatement,
  assertSiwsUri,
  assertSiwsVersion,
} from './siws-field-validators.js';
import { MAX_SIWS_MESSAGE_LENGTH, type SiwsMessage } from './siws-message.js';

function assertResources(value: unknown): asserts value is string[] {
  if (!Array.isArray(value)) throw invalidSiwsMessage('resources must be a list of URIs');
  for (const [index, resource] of value.entries()) assertSiwsUri(resource, `resource ${index + 1}`);
}

/**
 * The Sign In With Solana text of a set of fields, byte for byte what the
 * Solana Wallet Standard's createSignInMessageText writes for them (what a
 * wallet's `solana:signIn` signs): the app writes it for a wallet that only
 * has `solana:signMessage`, and tests write it. Every field is checked with
 * the parser's own rules first, so parseSiwsMessage reads the text back to
 * the same fields.
 *
 * @throws InvalidMessageError when the fields cannot make a message.
 */
export function formatSiwsMessage(message: SiwsMessage): string {
  if (typeof message !== 'object' || message === null) {
    throw invalidSiwsMessage('fields must be an object');
  }
  const {
    domain,
    address,
    statement,
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
    requestId,
    resources,
  } = message;
  assertSiwsDomain(domain);
  assertSiwsAddress(address);
  if (statement !== undefined) assertSiwsStatement(statement);
  assertSiwsUri(uri);
  assertSiwsVersion(version);
  assertSiwsChainId(chainId);
  assertSiwsNonce(nonce);
  assertSiwsDateTime(issuedAt, 'issued-at time');
  if (expirationTime !== undefined) assertSiwsDateTime(expirationTime, 'expiration time');
  if (notBefore !== undefined) assertSiwsDateTime(notBefore, 'not-before time');
  if (requestId !== undefined) assertSiwsRequestId(requestId);
  if (resources !== undefined) assertResources(resources);

  const lines = [
    `${domain}${SOLANA_HEADER_SUFFIX}`,
    address,
    '',
    ...(statement === undefined ? [] : [statement, '']),
    `URI: ${uri}`,
    `Version: ${version}`,
    `Chain ID: ${chainId}`,
    `Nonce: ${nonce}`,
    `Issued At: ${issuedAt}`,
  ];
  if (expirationTime !== undefined) lines.push(`Expiration Time: ${expirationTime}`);
  if (notBefore !== undefined) lines.push(`Not Before: ${notBefore}`);
  if (requestId !== undefined) lines.push(`Request ID: ${requestId}`);
  if (resources !== undefined) {
    lines.push('Resources:', ...resources.map((resource) => `- ${resource}`));
  }

  const text = lines.join('\n');
  if (text.length > MAX_SIWS_MESSAGE_LENGTH) {
    throw invalidSiwsMessage(`message would be longer than ${MAX_SIWS_MESSAGE_LENGTH} characters`);
  }
  return text;
}
