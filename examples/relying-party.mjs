// An app that offers "Sign in with Ethereum" through Sigil's OpenID Connect
// provider, with openid-client: authorization code + PKCE, then userinfo.
// With the scope `roles` it learns the roles the person holds by Sigil's
// access rules (docs/access.md), e.g. to open a members' area.
// Run Sigil with this client in OIDC_CLIENTS (docs/oidc.md, "Try it with the
// example app"), then `npm run example:rp` and open http://localhost:4000.
import { createServer } from 'node:http';
import * as client from 'openid-client';

const issuer = new URL(process.env.ISSUER ?? 'http://localhost:3000/oidc');
const port = Number(process.env.PORT ?? 4000);
const clientId = process.env.CLIENT_ID ?? 'example-app';
const secret = process.env.CLIENT_SECRET; // none: a public client, PKCE only
const redirectUri = `http://localhost:${port}/callback`;

const config = await client.discovery(
  issuer,
  clientId,
  { redirect_uris: [redirectUri] },
  secret ? client.ClientSecretBasic(secret) : client.None(),
  // Plain http is for trying it locally only.
  issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
);

/** Sign-ins under way, by state: in memory, as befits an example. */
const pending = new Map();
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (body) => `<!doctype html><meta charset="utf-8"><title>Example app</title>${body}`;

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', `http://localhost:${port}`);
  try {
    if (url.pathname === '/login') {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      pending.set(state, verifier);
      const target = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile wallets roles',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      return res.writeHead(303, { location: target.href }).end();
    }
    if (url.pathname === '/callback') {
      const state = url.searchParams.get('state') ?? '';
      const verifier = pending.get(state);
      pending.delete(state);
      if (!verifier)
        return res
          .writeHead(400)
          .end(page('<p>Unknown or used sign-in. <a href="/login">Again</a></p>'));
      const tokens = await client.authorizationCodeGrant(config, url, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      const { sub } = tokens.claims();
      const claims = await client.fetchUserInfo(config, tokens.access_token, sub);
      // Roles as Sigil checked them at token issue (within its ROLES_TTL).
      const roles = Array.isArray(claims.roles) ? claims.roles : [];
      // What an app does with them: here, a line only members see.
      const members = roles.includes('member')
        ? '<p id="members">Welcome to the members area.</p>'
        : '';
      return res.writeHead(200, { 'content-type': 'text/html' }).end(
        page(`<h1>Signed in</h1><p>Account <code id="sub">${escapeHtml(sub)}</code></p>
<p>Roles: <span id="roles">${roles.length ? roles.map(escapeHtml).join(', ') : 'none'}</span></p>${members}
<pre id="claims">${escapeHtml(JSON.stringify(claims, null, 2))}</pre><p><a href="/login">Sign in again</a></p>`),
      );
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        page(
          `<h1>Example app</h1><p><a id="login" href="/login">Sign in with Ethereum</a> (through ${escapeHtml(issuer.href)})</p>`,
        ),
      );
  } catch (error) {
    res
      .writeHead(502, { 'content-type': 'text/html' })
      .end(page(`<p>Sign-in failed: ${escapeHtml(error.message)}</p>`));
  }
}).listen(port, () =>
  console.log(`Example app on http://localhost:${port}, issuer ${issuer.href}`),
);
