import {
  assertDateTime,
  assertDomain,
  assertNonce,
  assertRequestId,
  assertSiwsAddress,
  assertSiwsChainId,
  assertStatement,
  assertUri,
  assertVersion,
  parseSiwsMessage,
  type SiwsMessage,
} from '@sigil/siwe';
import { check, type FieldCheck, reasonOf } from './check-siwe-fields';

export type SiwsFieldsCheck = {
  standard: 'Sign In With Solana';
  /** Each field in the message's order, checked on its own. */
  fields: FieldCheck[];
  /** The message as the server reads it, or null when its strict parser refuses it. */
  message: SiwsMessage | null;
  grammarError: string | null;
};

const HEADER_SUFFIX = ' wants you to sign in with your Solana account:';

/**
 * A pasted Sign In With Solana message, field by field, as `checkSiweFields`
 * does an EIP-4361 one: the same layout, a base58 key for the address and a
 * cluster for the chain id; then the server's strict parser decides.
 */
export function checkSiwsFields(text: string): SiwsFieldsCheck {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const header = lines[0] ?? '';
  const labelled = (label: string): string | undefined =>
    lines.find((line) => line.startsWith(`${label}: `))?.slice(label.length + 2);
  const domain = header.endsWith(HEADER_SUFFIX)
    ? header.slice(0, -HEADER_SUFFIX.length)
    : undefined;
  const statement =
    lines[2] === '' && lines[3] !== undefined && lines[3] !== '' && !lines[3].startsWith('URI: ')
      ? lines[3]
      : undefined;
  const resourcesAt = lines.indexOf('Resources:');
  const resources = resourcesAt === -1 ? undefined : lines.slice(resourcesAt + 1);
  const fields: FieldCheck[] = [
    check('Domain', domain, assertDomain),
    check('Address', lines[1], assertSiwsAddress),
    check('Statement', statement, assertStatement, true),
    check('URI', labelled('URI'), (value) => assertUri(value)),
    check('Version', labelled('Version'), assertVersion),
    check('Chain ID', labelled('Chain ID'), assertSiwsChainId),
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
    return {
      standard: 'Sign In With Solana',
      fields,
      message: parseSiwsMessage(text),
      grammarError: null,
    };
  } catch (error) {
    return {
      standard: 'Sign In With Solana',
      fields,
      message: null,
      grammarError: reasonOf(error),
    };
  }
}
