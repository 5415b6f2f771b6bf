import type { InteractionDetails } from '@sigil/schema/interaction-details';
import type { Services } from '../services.js';
import type { SessionRow } from '../sessions/session-store.js';
import { SCOPE_CLAIMS } from './account-claims.js';
import { findConnection } from './connected-app-store.js';
import { oidcClientName } from './oidc-client-name.js';
import { requestedScopes } from './requested-scopes.js';

export type DescribeInteractionParameters = {
  /** oidc-provider's interaction: its uid and the authorization request's parameters. */
  interaction: { uid: string; params: Record<string, unknown> };
  /** The Sigil session of the browser, if it has one. */
  session: SessionRow | undefined;
};

/**
 * What the interaction page shows: the app, where it sends the browser back,
 * the scopes and claims it asks for, and whether the person already granted
 * all of them (the page then says so).
 */
export async function describeInteraction(
  services: Pick<Services, 'db' | 'config'>,
  { interaction, session }: DescribeInteractionParameters,
): Promise<InteractionDetails> {
  const clientId = String(interaction.params.client_id);
  const scopes = requestedScopes(interaction.params.scope);
  const connection =
    session && (await findConnection(services.db, { accountId: session.account_id, clientId }));
  const granted = new Set(connection ? connection.scopes.split(' ') : []);
  return {
    uid: interaction.uid,
    client: {
      clientId,
      name: oidcClientName(services.config, clientId),
      redirectHost: new URL(String(interaction.params.redirect_uri)).host,
    },
    scopes,
    claims: scopes.flatMap((s) => [...(SCOPE_CLAIMS[s as keyof typeof SCOPE_CLAIMS] ?? [])]),
    signedIn: session !== undefined,
    remembered: scopes.every((s) => granted.has(s)) && connection !== undefined,
  };
}
