import { useQuery } from '@apollo/client';
import { Trans } from '@lingui/react/macro';
import { Link } from '../components/link';
import { AdminGateDocument } from '../graphql/generated/graphql';
import { adminViewPatterns } from './route-patterns';

/**
 * "Console" in the main navigation, for administrators only. The server decides, by the
 * console's own gate (`admin`, FORBIDDEN to anyone else): it reads no chain, where
 * `me { roles }` could wait on a rules check (docs/access.md). Rendered per account
 * (its key), so another account asks again; never kept in the persisted cache.
 */
export function ConsoleLink() {
  const gate = useQuery(AdminGateDocument, { fetchPolicy: 'no-cache' });
  if (!gate.data?.admin) return null;
  return (
    <Link to={adminViewPatterns.overview}>
      <Trans comment="The operator's console, in the header's navigation">Console</Trans>
    </Link>
  );
}
