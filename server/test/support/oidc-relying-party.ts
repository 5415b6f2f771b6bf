import * as client from 'openid-client';
import type { TestClient } from './graphql-client.js';
import { OidcBrowser } from './oidc-browser.js';

/** The clients the OpenID Connect tests register through OIDC_CLIENTS. */
export const WIKI = {
  client_id: 'wiki',
  client_secret: 'wiki-secret-of-at-least-thirty-two-characters',
  client_name: 'The Team Wiki',
  redirect_uris: ['http://wiki.test:9/callback'],
  post_logout_redirect_uris: ['http://wiki.test:9/'],
};
export const SPA = {
  client_id: 'spa',
  client_name: 'Browser App',
  redirect_uris: ['http://spa.test:9/callback'],
};
export const OIDC_CLIENTS = JSON.stringify([WIKI, SPA]);

type Server = { url: string; origin: string };

/**
 * openid-client, the relying party library, against a test server: the
 * issuer is the server's PUBLIC_URL (localhost), while requests go to the
 * address it listens on.
 */
export async function discoverAs(
  server: Server,
  who: typeof WIKI | typeof SPA,
): Promise<client.Configuration> {
  const toListeningAddress: client.CustomFetch = (url, options) =>
    fetch(url.replace(server.origin, server.url), options as RequestInit);
  const secret = 'client_secret' in who ? who.client_secret : undefined;
  const config = await client.discovery(
    new URL(`${server.origin}/oidc`),
    who.client_id,
    { redirect_uris: who.redirect_uris, ...(secret && { client_secret: secret }) },
    secret ? client.ClientSecretBasic(secret) : client.None(),
    { execute: [client.allowInsecureRequests], [client.customFetch]: toListeningAddress },
  );
  config[client.customFetch] = toListeningAddress;
  return config;
}

export type Authorization = {
  verifier: string;
  state: string;
  /** The first hop's answer: a redirect to the interaction page, or straight to the client. */
  location: string;
};

/** Opens an authorization request in the browser, with PKCE (S256) and a state. */
export async function startAuthorization(
  browser: OidcBrowser,
  config: client.Configuration,
  parameters: Record<string, string>,
): Promise<Authorization> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: (config.clientMetadata().redirect_uris as string[])[0] as string,
    scope: 'openid',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...parameters,
  });
  const response = await browser.request(url.toString());
  return { verifier, state, location: await OidcBrowser.location(response) };
}

/** The interaction uid of a redirect to the web app's interaction page. */
export function interactionUid(location: string): string {
  const match = /\/oidc\/interaction\/([^/?#]+)$/.exec(new URL(location, 'http://x').pathname);
  if (!match?.[1]) throw new Error(`not an interaction page: ${location}`);
  return match[1];
}

/** Allow or Deny on the interaction page, then the browser follows the provider's redirects to the client. */
export async function answerInteraction(
  browser: OidcBrowser,
  uid: string,
  answer: 'confirm' | 'abort',
): Promise<string> {
  const response = await browser.request(`/oidc/interaction/${uid}/${answer}`, {
    method: 'POST',
    origin: browser.server.origin,
    body: '{}',
  });
  if (response.status !== 200)
    throw new Error(`${answer}: ${response.status} ${await response.text()}`);
  const { redirectTo } = (await response.json()) as { redirectTo: string };
  return followToClient(browser, redirectTo);
}

/** Follows redirects on the provider until one leaves it (the client's callback). */
export async function followToClient(browser: OidcBrowser, start: string): Promise<string> {
  let location = start;
  for (let hop = 0; hop < 10; hop += 1) {
    const absolute = browser.resolve(location);
    if (!absolute.startsWith(browser.server.origin) && !absolute.startsWith(browser.server.url)) {
      return absolute;
    }
    if (absolute.includes('/oidc/interaction/')) return absolute;
    location = await OidcBrowser.location(await browser.request(absolute));
  }
  throw new Error('too many redirects');
}

/** A browser signed in to Sigil: the TestClient's session cookie in its jar. */
export function browserSignedInAs(server: Server, signedIn: TestClient): OidcBrowser {
  const browser = new OidcBrowser(server);
  if (signedIn.cookie) browser.setCookie(signedIn.cookie);
  return browser;
}
