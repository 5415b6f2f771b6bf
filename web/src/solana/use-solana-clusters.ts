import { useQuery } from '@apollo/client';
import { SignInParametersDocument } from '../graphql/generated/graphql';

/** The Solana clusters the server takes sign-ins from (`SOLANA_CLUSTERS`); empty until it has said. */
export function useSolanaClusters(): readonly { id: string; name: string }[] {
  const { data } = useQuery(SignInParametersDocument, { fetchPolicy: 'cache-first' });
  return data?.signInParameters.solanaClusters ?? [];
}
