import { privateKeyToAccount } from 'viem/accounts';

/** Hardhat's well-known second account: a key anyone may use in tests, never with funds. */
export const testSigner = privateKeyToAccount(
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
);

/** An EIP-4361 message for localhost:3000, with fields a test may replace. */
export function siweTestMessage(fields: Partial<Record<string, string>> = {}): string {
  const value: Record<string, string | undefined> = {
    domain: 'localhost:3000',
    address: testSigner.address,
    statement: 'Sign in to Sigil.',
    uri: 'http://localhost:3000',
    chainId: '31337',
    nonce: 'abcdefgh12345678',
    issuedAt: '2026-11-20T10:00:00.000Z',
    ...fields,
  };
  return [
    `${value.domain} wants you to sign in with your Ethereum account:`,
    value.address,
    '',
    value.statement,
    '',
    `URI: ${value.uri}`,
    'Version: 1',
    `Chain ID: ${value.chainId}`,
    `Nonce: ${value.nonce}`,
    `Issued At: ${value.issuedAt}`,
    ...(value.expirationTime ? [`Expiration Time: ${value.expirationTime}`] : []),
    ...(value.notBefore ? [`Not Before: ${value.notBefore}`] : []),
  ].join('\n');
}
