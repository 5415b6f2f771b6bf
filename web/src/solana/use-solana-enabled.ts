import { useQuery } from '@apollo/client';
import { SignInParametersDocument } from '../graphql/generated/graphql';

/**
 * Whether this server takes Solana sign-ins (`SOLANA_CLUSTERS` not empty);
 * undefined until it has said, and nothing of Solana is offered meanwhile.
 */
export function useSolanaEnabled(): boolean | undefined {
  const { data } = useQuery(SignInParametersDocument, { fetchPolicy: 'cache-first' });
  return data ? data.signInParameters.solanaClusters.length > 0 : undefined;
}

/** The Solana clusters the server takes sign-ins from (`SOLANA_CLUSTERS`); empty until it has said. */
export function useSolanaClusters(): readonly { id: string; name: string }[] {
  const { data } = useQuery(SignInParametersDocument, { fetchPolicy: 'cache-first' });
  return data?.signInParameters.solanaClusters ?? [];
}
