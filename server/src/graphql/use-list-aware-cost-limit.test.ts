import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { CostTable } from './list-bounds.js';
import {
  assertEveryListBounded,
  REFUSED_MESSAGE,
  useListAwareCostLimit,
} from './use-list-aware-cost-limit.js';

const typeDefs = `
  type Query { items(count: Int = 10): [Item!]! tags: [String!]! }
  type Item { name: String! }
`;
let resolved = 0;
const schema = createSchema({
  typeDefs,
  resolvers: {
    Query: {
      items: (_: unknown, args: { count: number }) => {
        resolved += 1;
        return Array.from({ length: args.count }, (_, i) => ({ name: `item ${i}` }));
      },
      tags: () => ['a'],
    },
  },
});
const table: CostTable = {
  lists: { 'Query.items': (args) => Number(args.count ?? 10), 'Query.tags': () => 5 },
  pages: {},
};

function server() {
  return createYoga({ schema, plugins: [useListAwareCostLimit({ table, maxCost: 50 })] });
}

async function post(query: string, variables?: Record<string, unknown>) {
  const response = await server().fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: unknown;
    errors?: { message: string; extensions?: unknown }[];
  };
}

describe('useListAwareCostLimit', () => {
  it('runs an operation within the cost', async () => {
    // items, and ten items' name: 21.
    expect(await post('{ items { name } }')).toMatchObject({ data: { items: { length: 10 } } });
  });

  it('refuses an operation over the cost before any resolver runs, as armor refuses', async () => {
    const before = resolved;
    const result = await post('{ a: items { name } b: items { name } c: items { name } }');
    expect(result).toEqual({
      errors: [{ message: REFUSED_MESSAGE, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
    });
    expect(resolved).toBe(before);
  });

  it('prices a list by the count its variable gives', async () => {
    const query = 'query ($n: Int) { items(count: $n) { name } }';
    expect((await post(query, { n: 20 })).errors).toBeUndefined();
    expect((await post(query, { n: 30 })).errors?.[0]?.message).toBe(REFUSED_MESSAGE);
  });

  it('stops the start for a schema with a list the table does not bound', () => {
    expect(() => assertEveryListBounded(schema, table)).not.toThrow();
    expect(() =>
      assertEveryListBounded(schema, { ...table, lists: { 'Query.items': () => 1 } }),
    ).toThrow('no bound for Query.tags');
  });
});
