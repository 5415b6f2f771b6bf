import type { KoaContextWithOIDC } from 'oidc-provider';
import { DEVICE_CODE_GRANT } from '../../config/oidc-client.js';
import { devicePageUrl } from './device-page-url.js';
import { type DevicePollPace, POLL_INTERVAL_SECONDS } from './device-poll-pace.js';

type ErrorBody = { error?: string; error_description?: string };

/**
 * Where oidc-provider 9's device flow answers otherwise than RFC 8628 and
 * Sigil (docs/oidc.md, "Device login"), corrected on its way out, through
 * the provider's documented middleware (`provider.use`):
 * - the links are Sigil's own page, `PUBLIC_URL/device?code=…`, not the
 *   provider's `/oidc/device?user_code=…`, and the answer names the polling
 *   interval;
 * - a client whose entry does not list a grant is refused it with
 *   `unauthorized_client` (RFC 6749 §5.2), not `invalid_request`;
 * - a device polling sooner than the interval gets `slow_down` (§3.5), which
 *   the provider never sends.
 */
export function deviceFlowAnswers(publicUrl: URL, pace: DevicePollPace) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<unknown>): Promise<void> => {
    await next();
    // Set by the provider's router; absent for a path it has no route for.
    const route: string | undefined = ctx.oidc?.route;
    const body = ctx.body as (ErrorBody & Record<string, unknown>) | undefined;
    if (!body || typeof body !== 'object') return;
    if (route === 'device_authorization' && ctx.status === 200) {
      const userCode = String(body.user_code);
      body.verification_uri = devicePageUrl(publicUrl);
      body.verification_uri_complete = devicePageUrl(publicUrl, userCode);
      body.interval = POLL_INTERVAL_SECONDS;
      return;
    }
    if (
      (route === 'device_authorization' || route === 'token') &&
      body.error === 'invalid_request' &&
      / is not allowed for this client$/.test(body.error_description ?? '')
    ) {
      body.error = 'unauthorized_client';
      return;
    }
    if (route === 'token' && body.error === 'authorization_pending') {
      const deviceCode = ctx.oidc?.params?.device_code;
      if (
        ctx.oidc?.params?.grant_type === DEVICE_CODE_GRANT &&
        typeof deviceCode === 'string' &&
        !(await pace.inPace(deviceCode))
      ) {
        ctx.body = {
          error: 'slow_down',
          error_description: `poll at most every ${POLL_INTERVAL_SECONDS} seconds, and 5 seconds less often from now on`,
        };
      }
    }
  };
}
