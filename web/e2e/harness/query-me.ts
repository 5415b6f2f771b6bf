import type { BrowserContext } from 'playwright-core';
import { describeErrors, graphqlRequest } from '../../../testing/graphql-client.js';

/**
 * Asks the server `me` directly, outside the app: the server is the authority
 * on whether a session lives. With `context` it carries that browser
 * context's cookies for the app; with `cookie` it carries exactly that header.
 */
export type QueryMeParameters = { appUrl: string } & (
  | { context: BrowserContext }
  // A raw `Cookie` header, e.g. a session cookie saved before sign-out.
  | { cookie: string }
);

export type QueryMeReturnType = { address: string } | null;

/** The `Cookie` header the context's pages send to `url`. */
export async function cookieHeader(context: BrowserContext, url: string): Promise<string> {
  return (await context.cookies(url)).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

export async function queryMe(parameters: QueryMeParameters): Promise<QueryMeReturnType> {
  const { appUrl } = parameters;
  const cookie =
    'cookie' in parameters ? parameters.cookie : await cookieHeader(parameters.context, appUrl);
  const result = await graphqlRequest<{ me: QueryMeReturnType }>({
    url: appUrl,
    query: 'query Me { me { address } }',
    origin: appUrl,
    cookie,
  });
  // An ended session may answer null or UNAUTHENTICATED: either way, nobody is signed in.
  if (result.errors?.some((error) => error.extensions?.code === 'UNAUTHENTICATED')) return null;
  if (!result.data) throw new Error(`me failed: ${describeErrors(result)}`);
  return result.data.me;
}
