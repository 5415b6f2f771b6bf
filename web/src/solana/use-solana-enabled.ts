import { useQuery } from '@apollo/client';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { SignInParametersDocument } from '../graphql/generated/graphql';

/**
 * Whether this server takes Solana sign-ins (`SOLANA_CLUSTERS` not empty),
 * from `/api/config`, which every visit loads anyway: the header offers the
 * Solana button without a GraphQL request of its own (docs/web-app.md,
 * "Solana wallets").
 */
export function useSolanaEnabled(): boolean {
  return useRuntimeConfig().solanaSignIn;
}

/** The Solana clusters the server takes sign-ins from (`SOLANA_CLUSTERS`); empty until it has said. */
export function useSolanaClusters(): readonly { id: string; name: string }[] {
  const { data } = useQuery(SignInParametersDocument, { fetchPolicy: 'cache-first' });
  return data?.signInParameters.solanaClusters ?? [];
}
