import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILE_ON_RUN } from '../../src/graphql/use-compiled-execution.js';
import { TestClient, testAccount } from '../support/graphql-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * A document's first run goes through graphql-js, its later runs through
 * compiled code (graphql/use-compiled-execution.ts): what the client gets
 * must not depend on which one answered, errors' `locations` included
 * (graphql-jit's errors carry no AST nodes; graphql/use-error-nodes.ts finds
 * them again from their locations).
 */
describe('compiled execution', () => {
  let server: TestServer;
  let signedIn: TestClient;
  let anonymous: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    signedIn = new TestClient(server);
    const result = await signedIn.signInAs(testAccount(0), {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    anonymous = new TestClient(server);
  });
  afterAll(() => server.close());

  /** What the first run answers: its HTTP status, its data, and its errors' codes. */
  type Answer = { status: number; data?: unknown; codes?: unknown[] };
  type Document = {
    what: string;
    client: () => TestClient;
    query: string;
    variables?: Record<string, unknown>;
    answer: Answer;
  };

  const address = testAccount(0).address;
  const documents: Document[] = [
    {
      what: 'the account with every kind of field',
      client: () => signedIn,
      query: `query Everything {
        me {
          __typename id address createdAt linkStatement
          wallets { address kind chainId primary public linkedAt lastSignInAt }
          sessions { id current chainId userAgent address }
          signIns(first: 2) { edges { cursor node { walletKind chainId address } } pageInfo { hasNextPage endCursor } }
          profile { displayName bio avatar { id } public }
          connectedApps { clientId }
        }
        signInParameters { __typename }
      }`,
      answer: {
        status: 200,
        data: {
          me: expect.objectContaining({
            __typename: 'Account',
            address,
            wallets: [expect.objectContaining({ address, kind: 'EOA', primary: true })],
            sessions: [expect.objectContaining({ current: true, chainId: 31337, address })],
            signIns: {
              edges: [
                {
                  cursor: expect.any(String),
                  node: { walletKind: 'EOA', chainId: 31337, address },
                },
              ],
              pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
            },
            profile: { displayName: null, bio: null, avatar: null, public: false },
            connectedApps: [],
          }),
          signInParameters: { __typename: 'SignInParameters' },
        },
      },
    },
    {
      what: 'aliases, fragments and directives',
      client: () => signedIn,
      query: `query Shapes($withWallets: Boolean!) {
        first: me { ...Who wallets @include(if: $withWallets) { address } }
        second: me @skip(if: true) { id }
      }
      fragment Who on Account { id ... on Account { address } }`,
      variables: { withWallets: true },
      answer: {
        status: 200,
        data: { first: { id: expect.any(String), address, wallets: [{ address }] } },
      },
    },
    {
      what: 'a refused argument',
      client: () => signedIn,
      query: '{ me { signIns(first: -1) { edges { cursor } } } }',
      answer: { status: 200, data: { me: null }, codes: ['BAD_USER_INPUT'] },
    },
    {
      what: 'a refused argument inside a fragment',
      client: () => signedIn,
      query: `query { me { id ...Page } }
      fragment Page on Account { signIns(first: 101) { edges { cursor } } }`,
      answer: { status: 200, data: { me: null }, codes: ['BAD_USER_INPUT'] },
    },
    {
      what: 'a refused input',
      client: () => signedIn,
      query: `mutation {
        updateProfile(input: { displayName: "" }) { displayName }
      }`,
      answer: { status: 200, data: null, codes: ['BAD_USER_INPUT'] },
    },
    {
      what: 'a variable of the wrong type',
      client: () => signedIn,
      query: 'query Page($first: Int) { me { signIns(first: $first) { edges { cursor } } } }',
      variables: { first: 'many' },
      answer: { status: 400, codes: ['GRAPHQL_VALIDATION_FAILED'] },
    },
    {
      what: 'no session',
      client: () => anonymous,
      query: '{ me { id address } }',
      answer: { status: 200, data: { me: null } },
    },
    {
      what: 'a sign-out without a session',
      client: () => anonymous,
      query: 'mutation { signOut }',
      answer: { status: 200, data: { signOut: true } },
    },
    {
      what: 'an unknown public profile',
      client: () => anonymous,
      query:
        '{ publicProfile(address: "0x000000000000000000000000000000000000dEaD") { displayName } }',
      answer: { status: 200, data: { publicProfile: null } },
    },
  ];

  it.each(documents)(
    'answers $what the same on every run',
    async ({ client, query, variables, answer }) => {
      const answers = [];
      for (let run = 1; run <= COMPILE_ON_RUN + 1; run++) {
        const { status, data, errors } = await client().request(query, variables);
        answers.push({ status, data, errors });
      }
      const [first] = answers;
      expect({
        status: first?.status,
        data: first?.data,
        codes: first?.errors?.map((error) => error.extensions?.code),
      }).toEqual(answer);
      for (const later of answers.slice(1)) expect(later).toEqual(first);
    },
  );
});
