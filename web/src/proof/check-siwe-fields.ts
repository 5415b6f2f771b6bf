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
  parseSiweMessage,
  SigilError,
  type SiweMessage,
} from '@sigil/siwe';

/**
 * - `valid`: the field is there and the server's validator accepts it.
 * - `invalid`: the field is there and the validator refuses it (`reason` says why).
 * - `missing`: a mandatory field is not there.
 * - `absent`: an optional field is not there, which is fine.
 */
export type FieldState = 'valid' | 'invalid' | 'missing' | 'absent';

export type FieldCheck = {
  label: string;
  value: string | null;
  state: FieldState;
  reason: string | null;
};

export type SiweFieldsCheck = {
  standard: 'EIP-4361';
  /** Each field of EIP-4361 in the message's order, checked on its own. */
  fields: FieldCheck[];
  /** The message as the server reads it, or null when the strict grammar refuses it. */
  message: SiweMessage | null;
  /** Why the strict grammar refuses the whole text (order, blank lines, line endings…). */
  grammarError: string | null;
};

const HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';

export function reasonOf(error: unknown): string {
  if (error instanceof SigilError && typeof error.details.reason === 'string') {
    return error.details.reason;
  }
  return error instanceof Error ? error.message : String(error);
}

export function check(
  label: string,
  value: string | undefined,
  validate: (value: string) => void,
  optional = false,
): FieldCheck {
  if (value === undefined) {
    return { label, value: null, state: optional ? 'absent' : 'missing', reason: null };
  }
  try {
    validate(value);
    return { label, value, state: 'valid', reason: null };
  } catch (error) {
    return { label, value, state: 'invalid', reason: reasonOf(error) };
  }
}

/**
 * Checks a pasted EIP-4361 message field by field with the server's own validators,
 * so a person sees every problem at once rather than the first; then reads the whole
 * text with the server's strict parser, which alone decides whether it is a message.
 */
export function checkSiweFields(text: string): SiweFieldsCheck {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const header = lines[0] ?? '';
  const labelled = (label: string): string | undefined =>
    lines.find((line) => line.startsWith(`${label}: `))?.slice(label.length + 2);

  let origin: string | undefined;
  if (header.endsWith(HEADER_SUFFIX)) origin = header.slice(0, -HEADER_SUFFIX.length);
  const separator = origin?.indexOf('://') ?? -1;
  const scheme = origin !== undefined && separator !== -1 ? origin.slice(0, separator) : undefined;
  const domain = origin !== undefined && separator !== -1 ? origin.slice(separator + 3) : origin;
  // A statement is the line between two blank lines after the address, when there is one.
  const statement =
    lines[2] === '' && lines[3] !== undefined && lines[3] !== '' && !lines[3].startsWith('URI: ')
      ? lines[3]
      : undefined;
  const resourcesAt = lines.indexOf('Resources:');
  const resources = resourcesAt === -1 ? undefined : lines.slice(resourcesAt + 1);

  const fields: FieldCheck[] = [
    ...(scheme !== undefined ? [check('Scheme', scheme, assertScheme)] : []),
    check('Domain', domain, assertDomain),
    check('Address', lines[1], assertAddress),
    check('Statement', statement, assertStatement, true),
    check('URI', labelled('URI'), (value) => assertUri(value)),
    check('Version', labelled('Version'), assertVersion),
    check('Chain ID', labelled('Chain ID'), (value) => void parseChainId(value)),
    check('Nonce', labelled('Nonce'), assertNonce),
    check('Issued At', labelled('Issued At'), (value) => assertDateTime(value, 'issued-at time')),
    check(
      'Expiration Time',
      labelled('Expiration Time'),
      (value) => assertDateTime(value, 'expiration time'),
      true,
    ),
    check(
      'Not Before',
      labelled('Not Before'),
      (value) => assertDateTime(value, 'not-before time'),
      true,
    ),
    check('Request ID', labelled('Request ID'), assertRequestId, true),
    check(
      'Resources',
      resources?.join('\n'),
      () => {
        for (const [index, line] of (resources ?? []).entries()) {
          if (!line.startsWith('- ')) throw new Error(`resource ${index + 1} must start with "- "`);
          assertUri(line.slice(2), `resource ${index + 1}`);
        }
      },
      true,
    ),
  ];

  try {
    return { standard: 'EIP-4361', fields, message: parseSiweMessage(text), grammarError: null };
  } catch (error) {
    return { standard: 'EIP-4361', fields, message: null, grammarError: reasonOf(error) };
  }
}
