// A device without a browser (a command-line tool, a TV app, an agent) that
// signs in as a person through Sigil: the OAuth 2.0 Device Authorization Grant
// (RFC 8628) with openid-client. It prints a link, a code and a QR code of the
// link; the person approves on their phone or computer with their wallet; the
// device polls meanwhile and prints the person's claims.
// Run Sigil with this client in OIDC_CLIENTS (docs/oidc.md, "Try it with the
// example device"), then `npm run example:device`.
import * as client from 'openid-client';
import encodeQR from 'qr';

const issuer = new URL(process.env.ISSUER ?? 'http://localhost:3000/oidc');
const clientId = process.env.CLIENT_ID ?? 'example-device';
const scope = process.env.SCOPE ?? 'openid profile wallets roles';

const config = await client.discovery(
  issuer,
  clientId,
  undefined,
  // A device keeps no secret: a public client.
  client.None(),
  // Plain http is for trying it locally only.
  issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
);

const code = await client.initiateDeviceAuthorization(config, { scope });
const link = code.verification_uri_complete ?? code.verification_uri;
console.log(`To sign in, open ${code.verification_uri} and enter the code ${code.user_code}`);
console.log(`or open ${link}, or scan it:\n`);
console.log(encodeQR(link, 'term'));
console.log(
  `\nWaiting for your answer (the code lasts ${Math.round(code.expires_in / 60)} minutes)…`,
);

try {
  // Polls at the interval the server asks for, slower after a slow_down.
  const tokens = await client.pollDeviceAuthorizationGrant(config, code);
  const idToken = tokens.claims();
  console.log('Signed in. The ID token says:');
  console.log(JSON.stringify(idToken, null, 2));
  // The scopes' claims (wallets, roles, profile) come from userinfo with the access token.
  const claims = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
  console.log('Your claims:');
  console.log(JSON.stringify(claims, null, 2));
} catch (error) {
  // access_denied (Deny), expired_token (nobody answered in time).
  console.error(`Not signed in: ${error.error ?? error.message}`);
  process.exitCode = 1;
}
