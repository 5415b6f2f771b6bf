import type { DeviceCode } from 'oidc-provider';
import { DeviceCodeInvalidError, RateLimitedError } from '../../errors.js';
import type { Services } from '../../services.js';
import { oidcClientName } from '../oidc-client-name.js';
import { requestedScopes } from '../requested-scopes.js';
import { type DeviceFlow, deviceFlowOf } from './device-flow-of.js';
import { formatUserCode, normalizeUserCode } from './user-code.js';

/** A device's request as the `/device` page shows it (the schema's `DeviceLogin`). */
export type DeviceLoginView = {
  userCode: string;
  clientId: string;
  name: string;
  scopes: string[];
  requestedAt: number;
  expiresAt: number;
};

/**
 * What a device code's lookup reads of a request (a GraphQL context is
 * one): the client a wrong code counts against, and the services the
 * device flow hangs on (device-flow-of.ts: the whole object is its key).
 */
export type DeviceCodeRequest = { clientAddress: string; services: Services };

export type PendingDeviceCode = { flow: DeviceFlow; code: DeviceCode; view: DeviceLoginView };

const OPERATION = 'deviceCode';

/**
 * The device code a person typed, still waiting for an answer: not expired,
 * not approved, not denied. Anything else is DEVICE_CODE_INVALID, and counts
 * as a wrong code of this client address: past 5 a minute every lookup is
 * RATE_LIMITED, the right code too, so guessing (RFC 8628 §5.1) gets nowhere.
 */
export async function findPendingDeviceCode(
  context: DeviceCodeRequest,
  typed: string,
): Promise<PendingDeviceCode> {
  const { services, clientAddress } = context;
  const flow = deviceFlowOf(services);
  const key = `${OPERATION}:${clientAddress}`;
  if (flow) {
    const limited = await flow.guesses.check(key, services.clock());
    if (!limited.allowed) throw refused(context, limited.retryAfterSeconds);
  }
  const normalized = normalizeUserCode(typed);
  const code =
    flow && normalized
      ? await flow.provider.DeviceCode.findByUserCode(normalized, { ignoreExpiration: true })
      : undefined;
  if (
    !flow ||
    !normalized ||
    !code ||
    code.isExpired ||
    code.error ||
    code.accountId ||
    code.inFlight
  ) {
    const counted = await flow?.guesses.hit(key, services.clock());
    if (counted && !counted.allowed) throw refused(context, counted.retryAfterSeconds);
    throw new DeviceCodeInvalidError();
  }
  const clientId = String(code.clientId);
  return {
    flow,
    code,
    view: {
      userCode: formatUserCode(normalized),
      clientId,
      name: oidcClientName(services.config, clientId),
      scopes: requestedScopes(code.params?.scope),
      requestedAt: Number(code.iat) * 1000,
      expiresAt: Number(code.exp) * 1000,
    },
  };
}

function refused(context: DeviceCodeRequest, retryAfterSeconds: number) {
  context.services.metrics.rateLimitRefused(OPERATION);
  return new RateLimitedError(retryAfterSeconds);
}
