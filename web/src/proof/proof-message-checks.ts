import { t } from '@lingui/core/macro';
import type { ProofCheck, WalletProofResult } from './wallet-proof';

/** The allowance for clocks that drift, as the server's sign-in policy grants it. */
const CLOCK_SKEW_MS = 60_000;

/** A proof whose message its family's strict parser refuses; `detail` names the family. */
export function unreadableProof(detail: string): WalletProofResult {
  return {
    verified: false,
    message: null,
    signer: null,
    checks: [{ name: 'domain', ok: false, detail }],
  };
}

/** The message names this site. */
export function domainCheck(domain: string, expectedDomain: string): ProofCheck {
  const ok = domain === expectedDomain;
  return {
    name: 'domain',
    ok,
    detail: ok ? t`${domain} is this site` : t`${domain} is not this site (${expectedDomain})`,
  };
}

/** The message names the published wallet (`matches`, by the family's own comparison). */
export function addressCheck(address: string, matches: boolean): ProofCheck {
  return {
    name: 'address',
    ok: matches,
    detail: matches ? address : t`the message is for ${address}`,
  };
}

/** The message was issued before now, give or take the clocks' drift. */
export function issuedAtCheck(issuedAtText: string, now: Date): ProofCheck {
  const issuedInPast = Date.parse(issuedAtText) <= now.getTime() + CLOCK_SKEW_MS;
  return {
    name: 'issuedAt',
    ok: issuedInPast,
    detail: issuedInPast ? issuedAtText : t`${issuedAtText} is in the future`,
  };
}
