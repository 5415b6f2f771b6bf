import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalAccount } from 'viem/accounts';
import type {
  AdministrationAccountsQuery,
  AdministrationAccountsQueryVariables,
} from '../generated/graphql.js';
import { graphql } from '../generated/index.js';
import type { DatabaseBackend } from '../support/each-database.js';
import type { GraphQLResponse, TestClient } from '../support/graphql-client.js';
import { OIDC_CLIENTS } from '../support/oidc-relying-party.js';
import { INDEX_HTML } from '../support/profile-requests.js';
import { type SignedIn, signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * What the administration suites share (docs/administration.md): the operations they send,
 * the account helpers around them, and a server with two administrators and a web root.
 */

export const DAY = 24 * 60 * 60 * 1000;
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export const SUSPEND = graphql(`
  mutation AdministrationSuspend($id: ID!, $reason: String!, $until: DateTime) {
    suspendAccount(id: $id, reason: $reason, until: $until) {
      id
      suspension { reason at until by }
    }
  }
`);

export const suspend = (admin: TestClient, id: string, reason: string, until?: number) =>
  admin.request(SUSPEND, {
    id,
    reason,
    ...(until !== undefined && { until: new Date(until).toISOString() }),
  });

export const UNSUSPEND = graphql(`
  mutation AdministrationUnsuspend($id: ID!) {
    unsuspendAccount(id: $id) { id suspension { reason } }
  }
`);

export const unsuspend = (admin: TestClient, id: string) => admin.request(UNSUSPEND, { id });

export const GRANT_ROLE = graphql(`
  mutation AdministrationGrantRole($a: ID!, $r: String!) {
    grantRole(accountId: $a, role: $r) { id roles }
  }
`);

export const grantRole = (admin: TestClient, accountId: string, role: string) =>
  admin.request(GRANT_ROLE, { a: accountId, r: role });

export const REVOKE_ROLE = graphql(`
  mutation AdministrationRevokeRole($a: ID!, $r: String!) {
    revokeRole(accountId: $a, role: $r) { id roles }
  }
`);

export const revokeRole = (admin: TestClient, accountId: string, role: string) =>
  admin.request(REVOKE_ROLE, { a: accountId, r: role });

export const END_SESSIONS = graphql(`
  mutation AdministrationEndSessions($a: ID!) {
    endSessions(accountId: $a)
  }
`);

export const endSessions = (admin: TestClient, accountId: string) =>
  admin.request(END_SESSIONS, { a: accountId });

export const SUSPENSION_OF = graphql(`
  query AdministrationSuspensionOf($id: ID!) {
    admin { account(id: $id) { suspension { reason at until by } } }
  }
`);

export const suspensionOf = async (admin: TestClient, id: string) => {
  const result = await admin.request(SUSPENSION_OF, { id });
  if (!result.data?.admin) throw new Error(JSON.stringify(result.errors));
  return result.data.admin.account?.suspension ?? null;
};

export const ME = graphql(`
  query AdministrationMe {
    me { id }
  }
`);

export const me = (client: TestClient) => client.request(ME);

export const ACCOUNTS = graphql(`
  query AdministrationAccounts($q: String, $first: Int, $after: String) {
    admin {
      accounts(query: $q, first: $first, after: $after) {
        edges { cursor node { id address } }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
`);

export const accounts = (admin: TestClient, variables: AdministrationAccountsQueryVariables) =>
  admin.request(ACCOUNTS, variables);

export type AccountsPage = AdministrationAccountsQuery;

export const idsOf = (result: GraphQLResponse<AccountsPage>) =>
  result.data?.admin?.accounts.edges.map((edge) => edge.node.id);

export const ACCOUNT_COUNT = graphql(`
  query AdministrationAccountCount {
    admin { stats { accounts } }
  }
`);

export const SUSPENDED_COUNT = graphql(`
  query AdministrationSuspendedCount {
    admin { stats { suspendedAccounts } }
  }
`);

export const STATS = graphql(`
  query AdministrationStats {
    admin {
      stats {
        accounts activeSessions signInsLast24Hours suspendedAccounts
        signInsByDay(days: 5) { day count }
        week: signInsByDay { day count }
      }
    }
  }
`);

export const ACCOUNT_ID = graphql(`
  query AdministrationAccountId($id: ID!) {
    admin { account(id: $id) { id } }
  }
`);

export const LISTED_SUSPENSIONS = graphql(`
  query AdministrationListedSuspensions($q: String) {
    admin { accounts(query: $q) { edges { node { suspension { reason } } } } }
  }
`);

export const OWN_ROLES = graphql(`
  query AdministrationOwnRoles {
    me { roles }
  }
`);

export const OWN_SUSPENSION = graphql(`
  query AdministrationOwnSuspension {
    me { suspension { reason } }
  }
`);

export const LINK_STATEMENT = graphql(`
  query AdministrationLinkStatement {
    me { linkStatement }
  }
`);

/** Every admin entry point, each with arguments that would otherwise succeed or be refused later. */
export const ADMIN_OPERATIONS = (someone: string) => [
  '{ admin { stats { accounts } } }',
  `{ admin { account(id: "${someone}") { id } } }`,
  '{ admin { accounts { edges { node { id } } } } }',
  `mutation { suspendAccount(id: "${someone}", reason: "spam") { id } }`,
  `mutation { unsuspendAccount(id: "${someone}") { id } }`,
  `mutation { grantRole(accountId: "${someone}", role: "admin") { id } }`,
  `mutation { revokeRole(accountId: "${someone}", role: "admin") { id } }`,
  `mutation { endSessions(accountId: "${someone}") }`,
];

/**
 * A server whose ADMIN_ADDRESSES names `adminKey` and, on Base, `secondAdminKey` by CAIP-10,
 * with OIDC clients and a web root of its own; `admin` is signed in. `close` removes both.
 */
export async function startAdministrationServer(
  kind: DatabaseBackend['kind'],
  adminKey: LocalAccount,
  secondAdminKey: LocalAccount,
): Promise<{ server: TestServer; admin: SignedIn; close(): Promise<void> }> {
  const webRoot = mkdtempSync(join(tmpdir(), 'sigil-admin-web-'));
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  const server = await startTestServer({
    database: kind,
    webRoot,
    env: {
      ADMIN_ADDRESSES: `${adminKey.address},eip155:8453:${secondAdminKey.address}`,
      OIDC_CLIENTS,
    },
  });
  const admin = await signedIn(server, adminKey);
  return {
    server,
    admin,
    async close() {
      await server.close();
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
