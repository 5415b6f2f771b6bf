/**
 * One GraphQL POST as a browser on the server's own origin sends it (JSON body,
 * Origin header). Resolves with the parsed body whatever the HTTP status, so a
 * refusal's `extensions.code` can be reported.
 */
export type GraphQLBody<Data> = {
  data?: Data | null;
  errors?: { message: string; extensions?: { code?: string } }[];
};

export async function graphqlRequest<Data>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLBody<Data>> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      origin: new URL(url).origin,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLBody<Data>;
}

/** The first error's code, or its message when it has none. */
export function describeErrors(body: GraphQLBody<unknown>): string {
  const first = body.errors?.[0];
  return first ? (first.extensions?.code ?? first.message) : 'no data and no errors';
}
