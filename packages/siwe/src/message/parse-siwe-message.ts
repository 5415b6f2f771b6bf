import { assertMessageCharacters } from './assert-message-characters.js';
import { invalidSiweMessage } from './invalid-siwe-message.js';
import { LineReader } from './line-reader.js';
import { ETHEREUM_HEADER_SUFFIX } from './message-headers.js';
import {
  assertAddress,
  assertDateTime,
  assertDomain,
  assertNonce,
  assertRequestId,
  assertScheme,
  assertStatement,
  assertUri,
  assertVersion,
  parseChainId,
} from './siwe-field-validators.js';
import { MAX_SIWE_MESSAGE_LENGTH, type SiweMessage } from './siwe-message.js';

const SCHEME_SEPARATOR = '://';
const RESOURCES_LINE = 'Resources:';
const RESOURCE_PREFIX = '- ';

function parsePreamble(header: string): Pick<SiweMessage, 'scheme' | 'domain'> {
  if (!header.endsWith(ETHEREUM_HEADER_SUFFIX)) {
    throw invalidSiweMessage(
      'line 1 must be "[scheme://]domain wants you to sign in with your Ethereum account:"',
    );
  }
  const origin = header.slice(0, -ETHEREUM_HEADER_SUFFIX.length);
  // An RFC 3986 authority cannot contain "://", so its presence marks a scheme.
  const separator = origin.indexOf(SCHEME_SEPARATOR);
  const domain = separator === -1 ? origin : origin.slice(separator + SCHEME_SEPARATOR.length);
  assertDomain(domain);
  if (separator === -1) return { domain };
  const scheme = origin.slice(0, separator);
  assertScheme(scheme);
  return { scheme, domain };
}

function parseResources(reader: LineReader): string[] {
  const resources: string[] = [];
  while (!reader.atEnd) {
    const lineNumber = reader.lineNumber;
    const line = reader.take() ?? '';
    if (!line.startsWith(RESOURCE_PREFIX)) {
      throw invalidSiweMessage(`line ${lineNumber} must be a resource ("- " followed by a URI)`);
    }
    const resource = line.slice(RESOURCE_PREFIX.length);
    assertUri(resource, `resource ${resources.length + 1}`);
    resources.push(resource);
  }
  return resources;
}

/**
 * Reads an EIP-4361 message strictly: the exact grammar of the EIP's ABNF,
 * fields in the mandated order, no extra, duplicate or blank lines, LF line
 * endings, an EIP-55 checksummed address. The cost is linear in the length of
 * the text, and text longer than MAX_SIWE_MESSAGE_LENGTH is refused unread.
 *
 * @throws InvalidMessageError saying what is wrong.
 */
export function parseSiweMessage(text: string): SiweMessage {
  if (typeof text !== 'string') throw invalidSiweMessage('message must be a string');
  if (text.length > MAX_SIWE_MESSAGE_LENGTH) {
    throw invalidSiweMessage(`message is longer than ${MAX_SIWE_MESSAGE_LENGTH} characters`);
  }
  assertMessageCharacters(text, invalidSiweMessage);
  if (text.endsWith('\n')) throw invalidSiweMessage('message must not end with a line break');

  const reader = new LineReader(text.split('\n'), invalidSiweMessage);
  const { scheme, domain } = parsePreamble(reader.take() ?? '');
  const address = reader.take() ?? '';
  assertAddress(address);
  reader.takeEmpty('address');

  // No statement leaves one blank line before "URI:", a statement sits between two.
  let statement: string | undefined;
  if (reader.peek() === '') {
    reader.take();
    if (reader.peek() === '') throw invalidSiweMessage('statement is empty (omit it instead)');
  } else {
    statement = reader.take();
    assertStatement(statement);
    reader.takeEmpty('statement');
  }

  const uri = reader.takeField('URI');
  assertUri(uri);
  const version = reader.takeField('Version');
  assertVersion(version);
  const chainId = parseChainId(reader.takeField('Chain ID'));
  const nonce = reader.takeField('Nonce');
  assertNonce(nonce);
  const issuedAt = reader.takeField('Issued At');
  assertDateTime(issuedAt, 'issued-at time');

  const expirationTime = reader.takeOptionalField('Expiration Time');
  if (expirationTime !== undefined) assertDateTime(expirationTime, 'expiration time');
  const notBefore = reader.takeOptionalField('Not Before');
  if (notBefore !== undefined) assertDateTime(notBefore, 'not-before time');
  const requestId = reader.takeOptionalField('Request ID');
  if (requestId !== undefined) assertRequestId(requestId);
  let resources: string[] | undefined;
  if (reader.peek() === RESOURCES_LINE) {
    reader.take();
    resources = parseResources(reader);
  }
  if (!reader.atEnd) {
    throw invalidSiweMessage(
      `line ${reader.lineNumber} is out of order, repeated or not an EIP-4361 field`,
    );
  }

  return {
    ...(scheme !== undefined && { scheme }),
    domain,
    address,
    ...(statement !== undefined && { statement }),
    uri,
    version,
    chainId,
    nonce,
    issuedAt,
    ...(expirationTime !== undefined && { expirationTime }),
    ...(notBefore !== undefined && { notBefore }),
    ...(requestId !== undefined && { requestId }),
    ...(resources !== undefined && { resources }),
  };
}
