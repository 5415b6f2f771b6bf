import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { type DocumentNode, print } from 'graphql';

/**
 * GraphQL over HTTP as any client sends it to Sigil: a JSON POST to
 * `/graphql` with an Origin header (the server checks it) and, when there is
 * one, the session cookie. Resolves with the status and the parsed body
 * whatever the HTTP status, so a refusal's `extensions.code` can be read.
 */
export type GraphQLResponse<T = Record<string, unknown>> = {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
};

export type GraphQLRequestParameters = {
  /** Where the server listens, e.g. `http://127.0.0.1:41234`: the request goes to `/graphql` there. */
  url: string;
  query: string;
  variables?: Record<string, unknown>;
  /** The Origin header, as a browser on the app's page sends it; null sends none. */
  origin: string | null;
  /** A raw `Cookie` header. @default none */
  cookie?: string | undefined;
  headers?: Record<string, string>;
};

export async function graphqlRequest<T = Record<string, unknown>>(
  parameters: GraphQLRequestParameters,
): Promise<GraphQLResponse<T>> {
  const { url, query, variables, origin, cookie, headers } = parameters;
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(origin && { origin }),
      ...(cookie && { cookie }),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as Omit<GraphQLResponse<T>, 'status' | 'headers'>;
  return { status: response.status, headers: response.headers, ...body };
}

/** What a request may carry besides its query. */
type RequestOptions = { headers?: Record<string, string> };

/**
 * A client that keeps one cookie, like one browser: what the server sets it
 * sends back, and an expired cookie (`name=`) drops it.
 */
export class GraphQLClient {
  cookie: string | undefined;

  constructor(
    /** `url` is where requests go; `origin` is the Origin header they carry. */
    readonly server: { url: string; origin: string },
    /** `origin: null` sends no Origin header; a string sends that one instead. */
    readonly defaults: { origin?: string | null } = {},
  ) {}

  /**
   * A typed document (`graphql(…)` of a suite's generated code) answers its
   * result type and takes its variables, both from the schema. A string is
   * for what no document can be: a malformed or hostile query sent on
   * purpose, or a benchmark's request.
   */
  request<R, V extends Record<string, unknown>>(
    document: TypedDocumentNode<R, V>,
    variables?: V,
    init?: RequestOptions,
  ): Promise<GraphQLResponse<R>>;
  request<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    init?: RequestOptions,
  ): Promise<GraphQLResponse<T>>;
  async request(
    document: string | DocumentNode,
    variables?: Record<string, unknown>,
    init: RequestOptions = {},
  ): Promise<GraphQLResponse<unknown>> {
    const result = await graphqlRequest({
      url: this.server.url,
      query: typeof document === 'string' ? document : print(document),
      ...(variables && { variables }),
      origin: this.defaults.origin === undefined ? this.server.origin : this.defaults.origin,
      cookie: this.cookie,
      ...(init.headers && { headers: init.headers }),
    });
    const setCookie = result.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0] ?? '';
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    return result;
  }
}

/** The first error's `extensions.code`. */
export function errorCode(result: GraphQLResponse<unknown>): unknown {
  return result.errors?.[0]?.extensions?.code;
}

/** The first error's code, or its message when it has none: for a line of output. */
export function describeErrors(result: GraphQLResponse<unknown>): string {
  const first = result.errors?.[0];
  if (!first) return 'no data and no errors';
  const code = first.extensions?.code;
  return typeof code === 'string' ? code : first.message;
}
