import { invalidSiweMessage } from './invalid-siwe-message.js';
import {
  assertAddress,
  assertChainId,
  assertDateTime,
  assertDomain,
  assertNonce,
  assertRequestId,
  assertScheme,
  assertStatement,
  assertUri,
  assertVersion,
} from './siwe-field-validators.js';
import { MAX_SIWE_MESSAGE_LENGTH, type SiweMessage } from './siwe-message.js';

function assertResources(value: unknown): asserts value is string[] {
  if (!Array.isArray(value)) throw invalidSiweMessage('resources must be a list of URIs');
  for (const [index, resource] of value.entries()) assertUri(resource, `resource ${index + 1}`);
}

/**
 * Sigil's server only reads messages; its tests, benches and the conformance
 * suite write them. This is the canonical EIP-4361 text of a set of fields,
 * the exact bytes a wallet is asked to sign. Every field is checked with the parser's own rules first, so
 * whatever this returns, parseSiweMessage reads back to the same fields.
 *
 * @throws InvalidMessageError when the fields cannot make a message.
 */
export function formatSiweMessage(fields: SiweMessage): string {
  if (typeof fields !== 'object' || fields === null) {
    throw invalidSiweMessage('fields must be an object');
  }
  const {
    scheme,
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
  } = fields;
  if (scheme !== undefined) assertScheme(scheme);
  assertDomain(domain);
  assertAddress(address);
  if (statement !== undefined) assertStatement(statement);
  assertUri(uri);
  assertVersion(version);
  assertChainId(chainId);
  assertNonce(nonce);
  assertDateTime(issuedAt, 'issued-at time');
  if (expirationTime !== undefined) assertDateTime(expirationTime, 'expiration time');
  if (notBefore !== undefined) assertDateTime(notBefore, 'not-before time');
  if (requestId !== undefined) assertRequestId(requestId);
  if (resources !== undefined) assertResources(resources);

  const origin = scheme === undefined ? domain : `${scheme}://${domain}`;
  const lines = [
    `${origin} wants you to sign in with your Ethereum account:`,
    address,
    '',
    ...(statement === undefined ? [] : [statement]),
    '',
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
  if (text.length > MAX_SIWE_MESSAGE_LENGTH) {
    throw invalidSiweMessage(`message would be longer than ${MAX_SIWE_MESSAGE_LENGTH} characters`);
  }
  return text;
}
