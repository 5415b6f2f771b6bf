import type { APIRequestContext } from 'playwright-core';

/**
 * Asks the server `me` directly, outside the app: the server is the authority
 * on whether a session lives. With `context.request` it carries the browser
 * context's cookies; with `cookie` it carries exactly that header.
 */
export type QueryMeParameters = {
  appUrl: string;
  request?: APIRequestContext;
  /** A raw `Cookie` header, e.g. a session cookie saved before sign-out. */
  cookie?: string;
};

export type QueryMeReturnType = { address: string } | null;

const ME = 'query Me { me { address } }';

export async function queryMe({
  appUrl,
  request,
  cookie,
}: QueryMeParameters): Promise<QueryMeReturnType> {
  const headers = {
    'content-type': 'application/json',
    origin: appUrl,
    ...(cookie ? { cookie } : {}),
  };
  const body = JSON.stringify({ operationName: 'Me', query: ME, variables: {} });
  let json: {
    data?: { me: QueryMeReturnType } | null;
    errors?: { extensions?: { code?: string } }[];
  };
  if (request) {
    const response = await request.post(`${appUrl}/graphql`, { headers, data: body });
    json = await response.json();
  } else {
    const response = await fetch(`${appUrl}/graphql`, { method: 'POST', headers, body });
    json = (await response.json()) as typeof json;
  }
  // An ended session may answer null or UNAUTHENTICATED: either way, nobody is signed in.
  if (json.errors?.some((error) => error.extensions?.code === 'UNAUTHENTICATED')) return null;
  if (!json.data) throw new Error(`me failed: ${JSON.stringify(json.errors)}`);
  return json.data.me;
}
