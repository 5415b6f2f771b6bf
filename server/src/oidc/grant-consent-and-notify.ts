import type Provider from 'oidc-provider';
import { findActiveSuspension, lockAccount } from '../accounts/suspension-store.js';
import type { ChangeSource } from '../changes/change-source.js';
import { AccountSuspendedError } from '../errors.js';
import type { Services } from '../services.js';
import { connectedAppView, findConnection, recordConsent } from './connected-app-store.js';
import { oidcClientName } from './oidc-client-name.js';

export type GrantConsentParameters = {
  accountId: string;
  /** The session that consents: the one APP_AUTHORIZED names. */
  sessionId: string;
  clientId: string;
  /** The scopes the app asked for that Sigil offers. */
  scopes: string[];
  /** Claims the provider found missing from the grant, to add to it. */
  missingClaims?: string[] | undefined;
  /** Who consents from where, for the audit log. */
  source: ChangeSource;
  /** The consent answers a device's request (docs/oidc.md, "Device login"): recorded as such too. */
  viaDevice?: boolean;
};

/**
 * Records a person's consent to an app: the account's grant for the client
 * (the one it already has, widened, or a new one) holds the scopes and
 * claims, and the connection the account page lists names that grant. The
 * app counts as newly authorized (APP_AUTHORIZED, and a new consent date)
 * only when the grant gained a scope; consenting again to what was already
 * granted keeps its date. Answers the grant's id for the interaction result.
 */
export async function grantConsentAndNotify(
  services: Pick<Services, 'changes' | 'clock' | 'config' | 'db'>,
  provider: Provider,
  p: GrantConsentParameters,
): Promise<{ grantId: string }> {
  const { db, changes, clock, config } = services;
  const { accountId, clientId } = p;
  // A suspended account authorizes no app (docs/administration.md).
  const suspension = await findActiveSuspension(db, accountId, clock());
  if (suspension) throw new AccountSuspendedError(suspension);
  const existing = await findConnection(db, { accountId, clientId });
  const previous = existing && (await provider.Grant.find(existing.grant_id));
  const grant =
    previous?.accountId === accountId ? previous : new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(p.scopes.join(' '));
  if (p.missingClaims?.length) grant.addOIDCClaims(p.missingClaims);
  const grantId = await grant.save();
  const grantedScopes = (grant.getOIDCScope() ?? '').split(' ').filter(Boolean);
  const now = clock();
  const widened = !existing || grantedScopes.some((s) => !existing.scopes.split(' ').includes(s));
  await changes.commit(async ({ trx, record, publish }) => {
    // Checked again under the account's lock, as a sign-in and a link are: a
    // suspension that committed since the check above is seen here, and one
    // after waits for this consent and then revokes it (docs/administration.md).
    await lockAccount(trx, accountId);
    const suspended = await findActiveSuspension(trx, accountId, now);
    if (suspended) throw new AccountSuspendedError(suspended);
    const consent = await recordConsent(trx, {
      accountId,
      clientId,
      grantId,
      scopes: grantedScopes,
      grantedAt: widened ? now : Number(existing.granted_at),
    });
    if (p.viaDevice) {
      await record(
        { ...p.source, at: now },
        { action: 'oidc_device_approved', accountId, clientId, scopes: p.scopes },
      );
    }
    if (widened) {
      await record(
        { ...p.source, at: now },
        { action: 'app_authorized', accountId, clientId, scopes: grantedScopes },
      );
      publish({
        type: 'APP_AUTHORIZED',
        at: now,
        accountId,
        actor: 'SELF',
        sessionId: p.sessionId,
        app: connectedAppView(consent, oidcClientName(config, clientId)),
      });
    }
  });
  return { grantId };
}
