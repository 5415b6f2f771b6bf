import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, type DocumentNode, Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_ACCOUNT_CEILING } from '../config/environment-schema.js';
import { loadConfig } from '../config/load-config.js';
import { modules } from '../modules.js';
import { loadTypeDefs, MAX_QUERY_COST } from './create-yoga.js';
import { costTable } from './list-bounds.js';
import { createQueryCost, unboundedFields } from './query-cost.js';

const schema = buildSchema(loadTypeDefs());
const config = loadConfig({});
const table = costTable(config, modules);
const cost = (query: string, variableValues?: Record<string, unknown>) =>
  createQueryCost(table)({ schema, document: parse(query), variableValues });

const PROOF = 'proof { message signature chainId signedAt }';
const publicProfile = (alias: string) =>
  `${alias}: publicProfile(address: "0x0000000000000000000000000000000000000001") { displayName wallets { address kind chainId ${PROOF} } }`;

describe('the cost of an operation', () => {
  it('charges what is under a list once per item the list may answer', () => {
    const one = cost('{ me { wallets { address } } }');
    // me, wallets, and twenty wallets' address.
    expect(one).toBe(1 + (1 + 1) * config.maxWalletsPerAccount);
  });

  it('charges a proof by its size: one public profile with every proof fits, two do not', () => {
    const single = cost(`{ ${publicProfile('a')} }`);
    expect(single).toBeLessThanOrEqual(MAX_QUERY_COST);
    expect(cost(`{ ${publicProfile('a')} ${publicProfile('b')} }`)).toBeGreaterThan(MAX_QUERY_COST);
    const fifteen = Array.from({ length: 15 }, (_, i) => publicProfile(`p${i}`)).join(' ');
    expect(cost(`{ ${fifteen} }`)).toBe(15 * single);
  });

  it('follows a smaller cap: ten wallets cost half of twenty', () => {
    const small = costTable(loadConfig({ MAX_WALLETS_PER_ACCOUNT: '10' }), modules);
    const walletsOnly = `{ ${publicProfile('a')} }`;
    const of = (t: typeof table) => createQueryCost(t)({ schema, document: parse(walletsOnly) });
    expect(of(small) - 2).toBe((of(table) - 2) / 2);
  });

  it('prices a session list at MAX_SESSIONS_PER_ACCOUNT, the most live sessions an account keeps', () => {
    const sessions = '{ me { sessions { id } } }';
    expect(cost(sessions)).toBe(1 + (1 + 1) * config.maxSessionsPerAccount);
    const capped = costTable(loadConfig({ MAX_SESSIONS_PER_ACCOUNT: '120' }), modules);
    expect(createQueryCost(capped)({ schema, document: parse(sessions) })).toBe(1 + (1 + 1) * 120);
  });

  it('charges a user agent by its kept length, so a list of them is priced by its bytes', () => {
    // 512 characters of a header, at most 1024 bytes: four units more than a short field.
    expect(cost('{ me { sessions { userAgent } } }')).toBe(
      1 + (1 + 1 + 4) * config.maxSessionsPerAccount,
    );
  });

  it('charges a fragment and an inline fragment where each is spread, as if written there', () => {
    const inline = cost(`{ ${publicProfile('a')} ${publicProfile('b')} }`);
    const spread = cost(`
      query { a: publicProfile(address: "0x0000000000000000000000000000000000000001") { ...P }
              b: publicProfile(address: "0x0000000000000000000000000000000000000001") { ... on PublicProfile { ...P } } }
      fragment P on PublicProfile { displayName wallets { ...W } }
      fragment W on PublicWallet { address kind chainId ${PROOF} }`);
    expect(spread).toBe(inline);
  });

  it('reads a page size from a literal, a variable or the schema default', () => {
    const page = (first: string) => `{ me { signIns${first} { edges { node { id at } } } } }`;
    const perItem = 1 + 1 + 1 + 1; // edges, node, id, at
    expect(cost(page('(first: 5)'))).toBe(1 + (1 + perItem) * 5);
    expect(cost(page(''))).toBe(1 + (1 + perItem) * 20);
    const withVariable = `query ($n: Int) { me { signIns(first: $n) { edges { node { id at } } } } }`;
    expect(cost(withVariable, { n: 3 })).toBe(1 + (1 + perItem) * 3);
    // A variable left out takes the argument's default; a page never counts above its maximum.
    expect(cost(withVariable, {})).toBe(1 + (1 + perItem) * 20);
    expect(cost(withVariable, { n: 1_000_000 })).toBe(1 + (1 + perItem) * 100);
  });

  it('does not reuse a cost that depends on variables for other variables', () => {
    const calculate = createQueryCost(table);
    const document = parse('query ($n: Int) { me { signIns(first: $n) { edges { cursor } } } }');
    expect(calculate({ schema, document, variableValues: { n: 1 } })).toBeLessThan(
      calculate({ schema, document, variableValues: { n: 100 } }),
    );
  });

  it.each([
    ['the default limits', {}],
    [
      'the largest MAX_SESSIONS_PER_ACCOUNT',
      { MAX_SESSIONS_PER_ACCOUNT: String(MAX_SESSIONS_PER_ACCOUNT_CEILING) },
    ],
  ])('keeps every operation of the web app under the limit with %s', (_, env) => {
    const table = costTable(loadConfig(env), modules);
    const directory = new URL('../../../web/src/graphql/operations/', import.meta.url);
    const sources = readdirSync(directory)
      .filter((name) => name.endsWith('.graphql'))
      .map((name) => readFileSync(new URL(name, directory), 'utf8'));
    const all = parse(sources.join('\n'));
    const fragments = all.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
    const operations = all.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      const document: DocumentNode = {
        kind: Kind.DOCUMENT,
        definitions: [operation, ...fragments],
      };
      // The page sizes the web app asks for are at most 50.
      const variableValues = {
        first: 50,
        days: 365,
        address: '0x0000000000000000000000000000000000000001',
      };
      const total = createQueryCost(table)({ schema, document, variableValues });
      expect(total, operation.name?.value).toBeGreaterThan(0);
      expect(total, operation.name?.value).toBeLessThanOrEqual(MAX_QUERY_COST);
    }
  });
});

describe('the bounds of lists', () => {
  it('bounds every list field and every page of the schema', () => {
    expect(unboundedFields(schema, table)).toEqual([]);
  });

  it('names a new list field, or a new page, that has no bound', () => {
    const extended = buildSchema(
      `${loadTypeDefs()}\nextend type PublicProfile { followers: [String!]! }\nextend type Account { notes(first: Int): String }`,
    );
    expect(unboundedFields(extended, table)).toEqual(['Account.notes', 'PublicProfile.followers']);
  });
});
