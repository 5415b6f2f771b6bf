import { invalidSiweMessage } from './invalid-siwe-message.js';
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

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';
const SCHEME_SEPARATOR = '://';
const RESOURCES_LINE = 'Resources:';
const RESOURCE_PREFIX = '- ';

/**
 * Every character of the EIP-4361 grammar is printable ASCII or LF. Checking
 * that first turns CRLF, tabs, control characters and Unicode lookalikes
 * ("Ⅰssued At", a Cyrillic "а" in the domain) into one plain error.
 */
function assertMessageCharacters(text: string): void {
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x0a) {
      line++;
    } else if (code === 0x0d) {
      throw invalidSiweMessage(`line ${line} ends with CR; lines must end with LF only`);
    } else if (code < 0x20 || code > 0x7e) {
      throw invalidSiweMessage(`line ${line} contains a character outside printable ASCII`);
    }
  }
}

/** Reads the message line by line, in the order EIP-4361 mandates. */
class LineReader {
  private index = 0;
  constructor(private readonly lines: readonly string[]) {}

  get lineNumber(): number {
    return this.index + 1;
  }

  get atEnd(): boolean {
    return this.index >= this.lines.length;
  }

  peek(): string | undefined {
    return this.lines[this.index];
  }

  take(): string | undefined {
    return this.lines[this.index++];
  }

  takeEmpty(after: string): void {
    const line = this.take();
    if (line !== '')
      throw invalidSiweMessage(`line ${this.index} must be empty (after the ${after})`);
  }

  /** The value of a mandatory "Label: value" line. */
  takeField(label: string): string {
    const line = this.peek();
    if (line === undefined) throw invalidSiweMessage(`the "${label}: …" line is missing`);
    const value = this.takeOptionalField(label);
    if (value === undefined) {
      throw invalidSiweMessage(`line ${this.lineNumber} must be "${label}: …"`);
    }
    return value;
  }

  /** The value of an optional "Label: value" line, when it is the next line. */
  takeOptionalField(label: string): string | undefined {
    const prefix = `${label}: `;
    const line = this.peek();
    if (line === undefined || !line.startsWith(prefix)) return undefined;
    this.index++;
    return line.slice(prefix.length);
  }
}

function parsePreamble(header: string): Pick<SiweMessage, 'scheme' | 'domain'> {
  if (!header.endsWith(HEADER_SUFFIX)) {
    throw invalidSiweMessage(
      'line 1 must be "[scheme://]domain wants you to sign in with your Ethereum account:"',
    );
  }
  const origin = header.slice(0, -HEADER_SUFFIX.length);
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
  assertMessageCharacters(text);
  if (text.endsWith('\n')) throw invalidSiweMessage('message must not end with a line break');

  const reader = new LineReader(text.split('\n'));
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
