import { buildSchema, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTypeDefs } from '../src/graphql/create-yoga.js';
import { COMPILE_ON_RUN, compilesOnRun } from '../src/graphql/use-compiled-execution.js';
import { TestClient, testAccount } from './support/graphql-client.js';
import { startTestServer, type TestServer } from './support/test-server.js';

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

  const documents: [string, () => TestClient, string, Record<string, unknown>?][] = [
    [
      'the account with every kind of field',
      () => signedIn,
      `query Everything {
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
    ],
    [
      'aliases, fragments and directives',
      () => signedIn,
      `query Shapes($withWallets: Boolean!) {
        first: me { ...Who wallets @include(if: $withWallets) { address } }
        second: me @skip(if: true) { id }
      }
      fragment Who on Account { id ... on Account { address } }`,
      { withWallets: true },
    ],
    ['a refused argument', () => signedIn, '{ me { signIns(first: -1) { edges { cursor } } } }'],
    [
      'a refused argument inside a fragment',
      () => signedIn,
      `query { me { id ...Page } }
      fragment Page on Account { signIns(first: 101) { edges { cursor } } }`,
    ],
    [
      'a refused input',
      () => signedIn,
      `mutation {
        updateProfile(input: { displayName: "" }) { displayName }
      }`,
    ],
    [
      'a variable of the wrong type',
      () => signedIn,
      'query Page($first: Int) { me { signIns(first: $first) { edges { cursor } } } }',
      { first: 'many' },
    ],
    ['no session', () => anonymous, '{ me { id address } }'],
    ['a mutation that needs a session', () => anonymous, 'mutation { signOut }'],
    [
      'an unknown public profile',
      () => anonymous,
      '{ publicProfile(address: "0x000000000000000000000000000000000000dEaD") { displayName } }',
    ],
  ];

  it.each(documents)(
    'answers %s the same on every run',
    async (_what, client, query, variables) => {
      const answers = [];
      for (let run = 1; run <= COMPILE_ON_RUN + 1; run++) {
        const { status, data, errors } = await client().request(query, variables);
        answers.push({ status, data, errors });
      }
      expect(answers[0]?.data ?? answers[0]?.errors).toBeDefined();
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    },
  );

  it('compiles a document from its second run on, never a subscription', () => {
    const compiles = compilesOnRun(2);
    const schema = buildSchema(loadTypeDefs());
    const run = (source: string, variableValues?: Record<string, unknown>) => {
      const document = parse(source);
      return () => compiles({ schema, document, variableValues });
    };
    const query = run('{ me { id } }');
    expect([query(), query(), query()]).toEqual([false, true, true]);
    // The same text parsed again is another document: the count is per parsed document.
    expect(run('{ me { id } }')()).toBe(false);
    const subscription = run('subscription { accountEvents { type } }');
    expect([subscription(), subscription(), subscription()]).toEqual([false, false, false]);
    // Variables that do not fit are graphql-js's to refuse.
    const page = 'query Page($first: Int) { me { signIns(first: $first) { edges { cursor } } } }';
    const wrong = run(page, { first: 'many' });
    expect([wrong(), wrong(), wrong()]).toEqual([false, false, false]);
    const right = run(page, { first: 2 });
    expect([right(), right()]).toEqual([false, true]);
  });
});
