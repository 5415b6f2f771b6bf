// A Sigil sign-in from a script (docs/api.md): a nonce, the server's sign-in
// parameters, an EIP-4361 message built with viem, its signature by a private
// key, signIn, and `me` with the session cookie signIn set.
//
//   SIGIL_URL=http://localhost:3000 PRIVATE_KEY=0x… node examples/sign-in-client.mjs
//
// With --print-message it stops before signIn and prints MESSAGE and
// SIGNATURE as shell assignments, for docs/api.md's curl examples:
//
//   eval "$(node examples/sign-in-client.mjs --print-message)"

import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

const url = new URL('/graphql', process.env.SIGIL_URL ?? 'http://localhost:3000');
// No key given: a fresh one, which signs in as a new account.
const account = privateKeyToAccount(process.env.PRIVATE_KEY ?? generatePrivateKey());
const printOnly = process.argv.includes('--print-message');

// Node's fetch keeps no cookies: this keeps the ones the server sets (the session).
const cookies = new Map();

async function graphql(query, variables = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(cookies.size > 0 && {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      }),
    },
    body: JSON.stringify({ query, variables }),
  });
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  const body = await response.json();
  if (body.errors) {
    const [error] = body.errors;
    throw new Error(`${error.extensions?.code ?? response.status}: ${error.message}`);
  }
  return body.data;
}

const { createNonce } = await graphql('mutation { createNonce { value } }');
const { signInParameters: server } = await graphql(
  '{ signInParameters { domain uri statement chains { id } } }',
);
const message = createSiweMessage({
  domain: server.domain,
  uri: server.uri,
  statement: server.statement,
  address: account.address,
  chainId: server.chains[0].id,
  nonce: createNonce.value,
  version: '1',
  issuedAt: new Date(),
});
const signature = await account.signMessage({ message });

if (printOnly) {
  // Single quotes keep the message's line breaks; the nonce is unused until signIn.
  const quoted = (text) => `'${text.replaceAll("'", "'\\''")}'`;
  console.log(`MESSAGE=${quoted(message)}`);
  console.log(`SIGNATURE=${quoted(signature)}`);
  process.exit(0);
}

const { signIn } = await graphql(
  `mutation ($message: String!, $signature: String!) {
    signIn(message: $message, signature: $signature) { account { address } session { id expiresAt } }
  }`,
  { message, signature },
);
console.log(`signed in as ${signIn.account.address}, session ${signIn.session.id}`);

// The cookie signIn set is the session: `me` needs nothing else.
const { me } = await graphql('{ me { address wallets { address kind primary } roles } }');
console.log(JSON.stringify({ me }, null, 2));
