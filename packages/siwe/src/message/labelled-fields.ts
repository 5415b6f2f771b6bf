import type { FieldRule } from './message-grammar.js';

/** The rules a family gives the "Label: value" fields, which both families share. */
export type LabelledFieldRules = {
  uri: (value: unknown, name?: string) => void;
  version: (value: unknown) => void;
  chainId: Pick<FieldRule, 'check' | 'parse'>;
  nonce: (value: unknown) => void;
  dateTime: (value: unknown, name: string) => void;
  requestId: (value: unknown) => void;
};

/**
 * The "Label: value" lines of EIP-4361, which Sign In With Solana copies, in
 * the mandated order: URI, Version, Chain ID, Nonce and Issued At, then the
 * optional Expiration Time, Not Before and Request ID. Each is checked by its
 * family's rule.
 */
export function labelledFields(rules: LabelledFieldRules): FieldRule[] {
  const dateTime = (key: string, label: string, name: string, optional: boolean): FieldRule => ({
    key,
    label,
    optional,
    check: (value) => rules.dateTime(value, name),
  });
  return [
    { key: 'uri', label: 'URI', optional: false, check: (value) => rules.uri(value) },
    { key: 'version', label: 'Version', optional: false, check: rules.version },
    { key: 'chainId', label: 'Chain ID', optional: false, ...rules.chainId },
    { key: 'nonce', label: 'Nonce', optional: false, check: rules.nonce },
    dateTime('issuedAt', 'Issued At', 'issued-at time', false),
    dateTime('expirationTime', 'Expiration Time', 'expiration time', true),
    dateTime('notBefore', 'Not Before', 'not-before time', true),
    { key: 'requestId', label: 'Request ID', optional: true, check: rules.requestId },
  ];
}
