import { buildSchema, graphql } from 'graphql';
import schemaSource from '../../../schema/schema.graphql?raw';

/** Sigil's real contract: every document a test sends is validated against it. */
const schema = buildSchema(schemaSource);

export type RecordedOperation = { operationName: string; variables: Record<string, unknown> };

export type SchemaFetch = typeof fetch & {
  /** Every operation that reached the "server", in order. */
  operations: RecordedOperation[];
};

export type CreateSchemaFetchParameters = {
  /** Root fields, as graphql-js reads them: values or functions of (args). */
  rootValue: Record<string, unknown>;
  /** Operations for which the network fails before any server sees them. */
  networkFails?: (operationName: string) => boolean;
};

/**
 * A `fetch` that answers GraphQL-over-HTTP requests by executing them against the schema
 * with the given resolvers, as the server would (errors in the body, status 200).
 */
export function createSchemaFetch({
  rootValue,
  networkFails,
}: CreateSchemaFetchParameters): SchemaFetch {
  const operations: RecordedOperation[] = [];
  const fetchImpl = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      operationName: string;
      query: string;
      variables?: Record<string, unknown>;
    };
    if (networkFails?.(body.operationName)) throw new TypeError('Failed to fetch');
    operations.push({ operationName: body.operationName, variables: body.variables ?? {} });
    const result = await graphql({
      schema,
      source: body.query,
      rootValue,
      variableValues: body.variables ?? null,
      operationName: body.operationName,
    });
    return new Response(JSON.stringify(result), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return Object.assign(fetchImpl, { operations }) as SchemaFetch;
}
