import {
  astFromValue,
  buildSchema,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  print,
} from 'graphql';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTypeDefs } from '../../src/graphql/create-yoga.js';
import { databaseBackends } from '../support/each-database.js';
import { TEST_KEYS, type TestClient } from '../support/graphql-client.js';
import { openProtocolSocket } from '../support/protocol-socket.js';
import { signedIn } from '../support/signed-in.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Scalars whose values are not text: no string of them reaches the database. */
const NOT_TEXT = new Set(['Int', 'Float', 'Boolean', 'File']);

/** A value the schema accepts for `type`, for the arguments the test does not aim at. */
function validValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return validValue(type.ofType);
  if (isListType(type)) return [validValue(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]?.value;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, validValue(field.type)]),
    );
  }
  switch (type.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return true;
    case 'DateTime':
      return '2026-01-01T00:00:00.000Z';
    case 'Address':
      return privateKeyToAccount(TEST_KEYS[2]).address;
    default:
      return 'x';
  }
}

/** One place a string goes in: a field's argument, or a field of an input object inside it. */
type Target = {
  /** How the field is reached from its root: `query { admin { accounts(...) } }`. */
  root: 'query' | 'mutation' | 'subscription';
  path: string[];
  field: GraphQLField<unknown, unknown>;
  argument: GraphQLArgument;
  /** Input-object field names from the argument to the string. */
  within: string[];
  /** The text's own scalar: String, ID, DateTime, Address. */
  scalar: string;
  /** `type.field(argument.within)`, as the test names it. */
  name: string;
};

/** Every string, ID and custom text scalar an operation can send, found by walking the schema. */
function textTargets(schema: GraphQLSchema): Target[] {
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const;
  // The first way to reach each object type, breadth first from the roots.
  const reached = new Map<string, { root: Target['root']; path: string[] }>();
  const queue: GraphQLObjectType[] = [];
  for (const [root, type] of roots) {
    if (type && !reached.has(type.name)) {
      reached.set(type.name, { root, path: [] });
      queue.push(type);
    }
  }
  for (let type = queue.shift(); type; type = queue.shift()) {
    const from = reached.get(type.name);
    if (!from) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      if (isObjectType(named) && !reached.has(named.name)) {
        reached.set(named.name, { root: from.root, path: [...from.path, fieldCall(field)] });
        queue.push(named);
      }
    }
  }
  const targets: Target[] = [];
  for (const [typeName, { root, path }] of reached) {
    const type = schema.getType(typeName) as GraphQLObjectType;
    for (const field of Object.values(type.getFields())) {
      for (const argument of field.args) {
        for (const { within, scalar } of textPaths(argument.type, [])) {
          const inner = within.length ? `.${within.join('.')}` : '';
          targets.push({
            root,
            path,
            field,
            argument,
            within,
            scalar,
            name: `${typeName}.${field.name}(${argument.name}${inner})`,
          });
        }
      }
    }
  }
  return targets;
}

/** The paths inside `type` that hold text (`within` [] for the type itself), with their scalar. */
function textPaths(
  type: GraphQLInputType,
  within: string[],
  seen = new Set<string>(),
): { within: string[]; scalar: string }[] {
  const named = getNamedType(type) as GraphQLNamedType;
  if (isScalarType(named)) return NOT_TEXT.has(named.name) ? [] : [{ within, scalar: named.name }];
  if (!isInputObjectType(named) || seen.has(named.name)) return [];
  return Object.values(named.getFields()).flatMap((field) =>
    textPaths(field.type, [...within, field.name], new Set([...seen, named.name])),
  );
}

/** A field on the way to a target, its required arguments given valid literals. */
function fieldCall(field: GraphQLField<unknown, unknown>): string {
  const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  if (required.length === 0) return field.name;
  const args = required.map((a) => `${a.name}: ${literal(a.type, validValue(a.type))}`);
  return `${field.name}(${args.join(', ')})`;
}

/** `value` of `type` written in GraphQL's syntax, as graphql-js prints it. */
function literal(type: GraphQLInputType, value: unknown): string {
  const ast = astFromValue(value, type);
  if (!ast) throw new Error(`cannot write ${String(value)} as ${type.toString()}`);
  return print(ast);
}

/** `value` (valid) with `text` put at `within`, lists wrapping the way there as the type says. */
function withText(type: GraphQLInputType, within: string[], text: string): unknown {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return [withText(nullable.ofType, within, text)];
  const [next, ...rest] = within;
  if (next === undefined || !isInputObjectType(nullable)) return text;
  const field = nullable.getFields()[next];
  if (!field) throw new Error(`no input field ${next}`);
  return {
    ...(validValue(nullable) as object),
    [next]: withText(field.type, rest, text),
  };
}

/** The operation that sends `text` where `target` says: by variable, or written in the document. */
function operationFor(target: Target, text: string, as: 'variable' | 'literal') {
  const { field, argument } = target;
  const value = withText(argument.type, target.within, text);
  const args = field.args
    .filter((a) => a === argument || (isNonNullType(a.type) && a.defaultValue === undefined))
    .map((a) => {
      if (a !== argument) return `${a.name}: ${literal(a.type, validValue(a.type))}`;
      return `${a.name}: ${as === 'variable' ? '$text' : literal(a.type, value)}`;
    });
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  let body = `${field.name}(${args.join(', ')})${selection}`;
  for (const step of [...target.path].reverse()) body = `${step} { ${body} }`;
  const variables = as === 'variable' ? `($text: ${argument.type.toString()})` : '';
  return {
    query: `${target.root}${variables} { ${body} }`,
    variables: as === 'variable' ? { text: value } : undefined,
  };
}

/** `input.bio`: what `extensions.argument` names. */
const argumentPath = (target: Target) => [target.argument.name, ...target.within].join('.');
/** `bio`: what the message starts with. */
const leafOf = (target: Target) => target.within.at(-1) ?? target.argument.name;

const schema = buildSchema(loadTypeDefs());
const targets = textTargets(schema);

/** Text PostgreSQL refuses (NUL) or cannot keep as sent (a lone UTF-16 surrogate). */
const UNSTORABLE = [
  ['a NUL character', 'before\u0000after'],
  ['a lone surrogate', 'before\uD800after'],
] as const;

/**
 * Text the database cannot store is the client's error in every string
 * argument, on both databases (docs/api.md, "Errors"): the schema is walked
 * for every String, ID and text scalar, at any depth of input objects, and
 * each gets a NUL and a lone surrogate, as a variable and (NUL, which
 * GraphQL's syntax can escape) written in the document. The requests come
 * from an administrator, so no authorization refusal hides the answer.
 */
describe.each(databaseBackends)('text the database cannot store, on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let server: TestServer;
    let admin: TestClient;

    beforeAll(async () => {
      const adminKey = privateKeyToAccount(TEST_KEYS[1]);
      server = await startTestServer({
        database: backend.kind,
        env: { ADMIN_ADDRESSES: adminKey.address },
      });
      admin = (await signedIn(server, adminKey)).client;
    });
    afterAll(() => server?.close());

    it('walks every text argument of the schema, the ones the review named among them', () => {
      const names = targets.map((t) => t.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'Mutation.revokeApp(clientId)',
          'Mutation.suspendAccount(reason)',
          'Admin.accounts(query)',
          'Mutation.updateProfile(input.displayName)',
        ]),
      );
      // Every text argument of every object type, reached from a root or not:
      // a type only an interface or union leads to would show up here, unwalked.
      const everyTextArgument = Object.values(schema.getTypeMap())
        .filter((type) => isObjectType(type) && !type.name.startsWith('__'))
        .flatMap((type) =>
          Object.values((type as GraphQLObjectType).getFields()).flatMap((field) =>
            field.args.flatMap((argument) =>
              textPaths(argument.type, []).map(({ within }) => {
                const inner = within.length ? `.${within.join('.')}` : '';
                return `${type.name}.${field.name}(${argument.name}${inner})`;
              }),
            ),
          ),
        );
      expect([...names].sort()).toEqual(everyTextArgument.sort());
    });

    for (const [what, text] of UNSTORABLE) {
      it.each(targets.map((t) => [t.name, t]))(
        `answers ${what} in %s, sent as a variable, with BAD_USER_INPUT naming the argument`,
        async (_name, target) => {
          const { query, variables } = operationFor(target, text, 'variable');
          const result = await admin.request(query, variables);
          expect(result.errors?.[0], query).toMatchObject({
            extensions: { code: 'BAD_USER_INPUT' },
          });
          expect(result.errors?.[0]?.extensions?.argument).toBe(argumentPath(target));
          expect(result.errors?.[0]?.message).toMatch(new RegExp(`^${leafOf(target)} contains `));
        },
      );
    }

    it.each(targets.map((t) => [t.name, t]))(
      'answers a NUL written in the document in %s with BAD_USER_INPUT',
      async (_name, target) => {
        const { query } = operationFor(target, 'before\u0000after', 'literal');
        const result = await admin.request(query);
        expect(result.errors?.[0], query).toMatchObject({
          extensions: { code: 'BAD_USER_INPUT' },
        });
        // A custom scalar refuses a literal it cannot parse while the document
        // is validated, in its own words; String and ID reach the check.
        if (target.scalar === 'String' || target.scalar === 'ID') {
          expect(result.errors?.[0]?.extensions?.argument).toBe(argumentPath(target));
        }
      },
    );

    it.each([
      ['mutation ($t: String!) { revokeApp(clientId: $t) }', 'clientId'],
      ['query ($t: String) { admin { accounts(query: $t) { __typename } } }', 'query'],
    ])('answers a NUL over a websocket (%s) with BAD_USER_INPUT too', async (query, argument) => {
      const socket = await openProtocolSocket(server, { cookie: admin.cookie });
      try {
        socket.send({ type: 'connection_init' });
        await socket.next((message) => message.type === 'connection_ack');
        socket.send({
          type: 'subscribe',
          id: '1',
          payload: { query, variables: { t: 'a\u0000' } },
        });
        const answer = (await socket.next((m) => m.id === '1')) as {
          payload: { errors?: { message: string; extensions?: { code?: string } }[] };
        };
        expect(answer.payload.errors?.[0]).toMatchObject({
          extensions: { code: 'BAD_USER_INPUT' },
        });
        expect(answer.payload.errors?.[0]?.message).toContain(argument);
      } finally {
        await socket.close();
      }
    });
  });
});
