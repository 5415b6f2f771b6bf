import type Provider from 'oidc-provider';
import type { RateLimiter } from '../../auth/rate-limit/rate-limiter.js';
import type { Services } from '../../services.js';

/** What the `/device` page's GraphQL fields need of the running provider. */
export type DeviceFlow = {
  provider: Provider;
  /** Wrong codes per client address per minute (docs/operations.md, "Limits"). */
  guesses: RateLimiter;
};

/**
 * The provider is built by its plugin (serve-oidc.ts), only when OIDC_CLIENTS
 * names clients and after the services, since importing oidc-provider has a
 * cost a server without clients should not pay; the GraphQL resolvers find it
 * here, by the services they share.
 */
const flows = new WeakMap<Services, DeviceFlow>();

export function attachDeviceFlow(services: Services, flow: DeviceFlow): void {
  flows.set(services, flow);
}

export function detachDeviceFlow(services: Services): void {
  flows.delete(services);
}

/** The running device flow, or undefined on a server without OpenID Connect clients. */
export function deviceFlowOf(services: Services): DeviceFlow | undefined {
  return flows.get(services);
}
