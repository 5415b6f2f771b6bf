import { assertMessageCharacters } from './assert-message-characters.js';
import { invalidSiwsMessage } from './invalid-siws-message.js';
import { LineReader } from './line-reader.js';
import { ETHEREUM_HEADER_SUFFIX, SOLANA_HEADER_SUFFIX } from './message-headers.js';
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

const RESOURCES_LINE = 'Resources:';
const RESOURCE_PREFIX = '- ';

function parseDomain(header: string): string {
  if (!header.endsWith(SOLANA_HEADER_SUFFIX)) {
    throw invalidSiwsMessage(
      header.endsWith(ETHEREUM_HEADER_SUFFIX)
        ? 'line 1 asks for an Ethereum account, not a Solana one'
        : 'line 1 must be "domain wants you to sign in with your Solana account:"',
    );
  }
  const domain = header.slice(0, -SOLANA_HEADER_SUFFIX.length);
  assertSiwsDomain(domain);
  return domain;
}

/**
 * One blank line follows the address. Then either the statement and a blank
 * line, or the fields at once: unlike EIP-4361, no statement leaves a single
 * blank line, not two. A statement is the line a blank line follows.
 */
function parseStatement(reader: LineReader): string | undefined {
  const line = reader.peek();
  if (line === '') {
    throw invalidSiwsMessage(
      `line ${reader.lineNumber} must not be empty (no statement leaves one blank line, not two)`,
    );
  }
  if (reader.peek(1) !== '') return undefined;
  const statement = reader.take();
  assertSiwsStatement(statement);
  reader.takeEmpty('statement');
  return statement;
}

function parseResources(reader: LineReader): string[] {
  const resources: string[] = [];
  while (!reader.atEnd) {
    const lineNumber = reader.lineNumber;
    const line = reader.take() ?? '';
    if (!line.startsWith(RESOURCE_PREFIX)) {
      throw invalidSiwsMessage(`line ${lineNumber} must be a resource ("- " followed by a URI)`);
    }
    const resource = line.slice(RESOURCE_PREFIX.length);
    assertSiwsUri(resource, `resource ${resources.length + 1}`);
    resources.push(resource);
  }
  return resources;
}

/**
 * Reads a Sign In With Solana message strictly: exactly the text that
 * Phantom's grammar describes and the Solana Wallet Standard's
 * createSignInMessageText writes, with the fields Sigil's policy needs
 * (URI, Version 1, Chain ID, Nonce, Issued At) required; fields in order, no
 * extra, duplicate or blank lines, LF line endings, no trailing line break, a
 * base58 address of 32 bytes and a Solana chain id. The cost is linear in
 * the length of the text, and text longer than MAX_SIWS_MESSAGE_LENGTH is
 * refused unread.
 *
 * @throws InvalidMessageError saying what is wrong.
 */
export function parseSiwsMessage(text: string): SiwsMessage {
  if (typeof text !== 'string') throw invalidSiwsMessage('message must be a string');
  if (text.length > MAX_SIWS_MESSAGE_LENGTH) {
    throw invalidSiwsMessage(`message is longer than ${MAX_SIWS_MESSAGE_LENGTH} characters`);
  }
  assertMessageCharacters(text, invalidSiwsMessage);
  if (text.endsWith('\n')) throw invalidSiwsMessage('message must not end with a line break');

  const reader = new LineReader(text.split('\n'), invalidSiwsMessage);
  const domain = parseDomain(reader.take() ?? '');
  if (reader.atEnd) throw invalidSiwsMessage('the address line is missing');
  const address = reader.take() ?? '';
  assertSiwsAddress(address);
  reader.takeEmpty('address');
  const statement = parseStatement(reader);

  const uri = reader.takeField('URI');
  assertSiwsUri(uri);
  const version = reader.takeField('Version');
  assertSiwsVersion(version);
  const chainId = reader.takeField('Chain ID');
  assertSiwsChainId(chainId);
  const nonce = reader.takeField('Nonce');
  assertSiwsNonce(nonce);
  const issuedAt = reader.takeField('Issued At');
  assertSiwsDateTime(issuedAt, 'issued-at time');

  const expirationTime = reader.takeOptionalField('Expiration Time');
  if (expirationTime !== undefined) assertSiwsDateTime(expirationTime, 'expiration time');
  const notBefore = reader.takeOptionalField('Not Before');
  if (notBefore !== undefined) assertSiwsDateTime(notBefore, 'not-before time');
  const requestId = reader.takeOptionalField('Request ID');
  if (requestId !== undefined) assertSiwsRequestId(requestId);
  let resources: string[] | undefined;
  if (reader.peek() === RESOURCES_LINE) {
    reader.take();
    resources = parseResources(reader);
  }
  if (!reader.atEnd) {
    throw invalidSiwsMessage(
      `line ${reader.lineNumber} is out of order, repeated or not a Sign In With Solana field`,
    );
  }

  return {
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
