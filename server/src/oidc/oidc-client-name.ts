import type { Services } from '../services.js';

/** The name an app is registered under (OIDC_CLIENTS), or its client id when it has none. */
export function oidcClientName(config: Pick<Services['config'], 'oidcClients'>, clientId: string) {
  return (
    config.oidcClients.find((client) => client.client_id === clientId)?.client_name ?? clientId
  );
}
