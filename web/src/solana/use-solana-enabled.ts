import { useQuery } from '@apollo/client';
import { SignInParametersDocument } from '../graphql/generated/graphql';

/**
 * Whether this server takes Solana sign-ins (`SOLANA_CLUSTERS` not empty):
 * false until it has said so, so nothing of Solana is offered meanwhile.
 */
export function useSolanaEnabled(): boolean {
  const { data } = useQuery(SignInParametersDocument, { fetchPolicy: 'cache-first' });
  return (data?.signInParameters.solanaClusters.length ?? 0) > 0;
}
