import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import * as siwe from './index.js';

// The public surface is this list: a change to it is a decision, made here in review.
it('exports exactly its public surface', () => {
  expect(Object.keys(siwe).sort()).toMatchInlineSnapshot(`
    [
      "DomainMismatchError",
      "InvalidMessageError",
      "InvalidNonceError",
      "InvalidSignatureError",
      "MAX_SIWE_MESSAGE_LENGTH",
      "MAX_SIWS_MESSAGE_LENGTH",
      "MessageExpiredError",
      "MessageNotYetValidError",
      "SOLANA_CLUSTERS",
      "SOLANA_IDENTITY_CHAIN",
      "SigilError",
      "assertAddress",
      "assertChainId",
      "assertDateTime",
      "assertDomain",
      "assertNonce",
      "assertRequestId",
      "assertScheme",
      "assertSiwsAddress",
      "assertSiwsChainId",
      "assertStatement",
      "assertUri",
      "assertVersion",
      "checkMessageBinding",
      "checkMessageTimes",
      "checkSiweMessageFields",
      "checkSiwsMessageFields",
      "createWebAssemblyRecovery",
      "dateTimeToEpochMilliseconds",
      "decodeBase58",
      "decodeSolanaSignature",
      "detectMessageFamily",
      "encodeBase58",
      "formatSiweMessage",
      "formatSiwsMessage",
      "isSmallOrderSolanaKey",
      "isSolanaAddress",
      "parseChainId",
      "parseSiweMessage",
      "parseSiwsMessage",
      "recoverWithJavaScript",
      "rfc3339ToEpochMilliseconds",
      "selectSignerRecovery",
      "solanaCaip10",
      "solanaClusterOf",
      "verifyContractSignature",
    ]
  `);
});

it('keeps Ed25519 verification in its own entry, solana-verify', async () => {
  const entry = await import('./solana-verify.js');
  expect(Object.keys(entry)).toStrictEqual(['verifySolanaSignature']);
  expect('verifySolanaSignature' in siwe).toBe(false);
});

/** The packages a source file reaches through its relative imports. */
function packagesReachedFrom(entry: URL): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (url: URL) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    for (const [, specifier = ''] of readFileSync(url, 'utf8').matchAll(/from '([^']+)'/g)) {
      if (specifier.startsWith('.')) visit(new URL(specifier.replace(/\.js$/, '.ts'), url));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return [...packages].sort();
}

// A bundle that never checks a Solana proof must not carry the curve code.
it('never reaches the Ed25519 code from the main entry', () => {
  expect(packagesReachedFrom(new URL('./index.ts', import.meta.url))).toStrictEqual([
    '@scure/base',
    'viem',
    'viem/accounts',
  ]);
  expect(packagesReachedFrom(new URL('./solana-verify.ts', import.meta.url))).toContain(
    '@noble/curves/ed25519',
  );
});
