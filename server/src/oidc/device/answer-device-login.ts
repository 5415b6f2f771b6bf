import type { ChangeSource } from '../../changes/change-source.js';
import { DeviceCodeInvalidError } from '../../errors.js';
import type { SessionRow } from '../../sessions/session-store.js';
import { amrOfSession } from '../amr-of-session.js';
import { grantConsentAndNotify } from '../grant-consent-and-notify.js';
import { claimDeviceCode } from '../kysely-oidc-adapter.js';
import {
  type DeviceCodeRequest,
  type DeviceLoginView,
  findPendingDeviceCode,
} from './find-pending-device-code.js';

export type AnswerDeviceLoginParameters = {
  userCode: string;
  session: SessionRow;
  source: ChangeSource;
};

/**
 * Approves a device's request as the session's account, as the interaction
 * page's Allow does: the consent is the app's grant and connection (listed
 * and revocable under connected apps), and the device code names the account
 * and the grant, so the device's next poll receives the tokens. The code is
 * claimed first, so it is answered once; if the consent is refused (a
 * suspended account), the claim is given back and the code stays pending.
 */
export async function approveDeviceLogin(
  context: DeviceCodeRequest,
  p: AnswerDeviceLoginParameters,
): Promise<DeviceLoginView> {
  const { flow, code, view } = await findPendingDeviceCode(context, p.userCode);
  if (!(await claimDeviceCode(context.services.db, code.jti))) throw new DeviceCodeInvalidError();
  const accountId = p.session.account_id;
  try {
    const { grantId } = await grantConsentAndNotify(context.services, flow.provider, {
      accountId,
      sessionId: p.session.id,
      clientId: view.clientId,
      scopes: view.scopes,
      source: p.source,
      viaDevice: true,
    });
    Object.assign(code, {
      accountId,
      grantId,
      scope: view.scopes.join(' '),
      // The sign-in that approves is the authentication the ID token reports.
      authTime: Math.floor(Number(p.session.created_at) / 1000),
      amr: await amrOfSession(context.services.db, p.session),
    });
  } finally {
    // With the answer on success; unanswered (the claim given back) on a refusal.
    await code.save();
  }
  return view;
}

/**
 * Denies a device's request: its next poll answers `access_denied`
 * (RFC 8628 §3.5), and the audit log records who said no.
 */
export async function denyDeviceLogin(
  context: DeviceCodeRequest,
  p: AnswerDeviceLoginParameters,
): Promise<DeviceLoginView> {
  const { services } = context;
  const { code, view } = await findPendingDeviceCode(context, p.userCode);
  if (!(await claimDeviceCode(services.db, code.jti))) throw new DeviceCodeInvalidError();
  Object.assign(code, {
    error: 'access_denied',
    errorDescription: 'The person denied the request.',
  });
  await code.save();
  const accountId = p.session.account_id;
  await services.changes.commit(async ({ record }) => {
    await record(
      { ...p.source, at: services.clock() },
      { action: 'oidc_device_denied', accountId, clientId: view.clientId },
    );
  });
  return view;
}
