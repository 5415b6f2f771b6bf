import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { newKey, png, profileOf, SET_AVATAR, signedIn } from '../support/profile-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { uploadFile } from '../support/upload-file.js';

const ME = graphql(`
  query MutationOriginMe {
    me { id }
  }
`);

const UPDATE_BIO = graphql(`
  mutation MutationOriginUpdateBio($bio: String) {
    updateProfile(input: { bio: $bio }) { bio }
  }
`);

const GRANT_ROLE = graphql(`
  mutation MutationOriginGrantRole($a: ID!, $r: String!) {
    grantRole(accountId: $a, role: $r) { roles }
  }
`);

/**
 * The Origin rule of docs/api.md on every mutation, whatever its kind: a
 * request carrying a foreign `Origin`, or the literal `null` a sandboxed
 * frame sends, is refused with DOMAIN_MISMATCH and changes nothing; an
 * allowed Origin, or none at all (curl, a server), is served.
 */
const ALLOWED_ORIGIN = 'http://localhost:5173';
const REFUSED_ORIGINS = ['https://evil.example', 'null'];

describe('the Origin rule on every mutation', () => {
  let server: TestServer;
  const adminKey = newKey();
  let admin: TestClient;
  let someone: TestClient;
  let someoneId: string;

  beforeAll(async () => {
    server = await startTestServer({
      env: { ALLOWED_ORIGINS: ALLOWED_ORIGIN, ADMIN_ADDRESSES: adminKey.address },
    });
    admin = await signedIn(server, adminKey);
    someone = await signedIn(server, newKey());
    someoneId = (await someone.request(ME)).data?.me?.id as string;
  });
  afterAll(() => server?.close());

  /** The same browser (its cookie), on another page: `null` sends no Origin header. */
  function from(client: TestClient, origin: string | null): TestClient {
    const other = new TestClient(server, { origin });
    other.cookie = client.cookie;
    return other;
  }

  const origins = () => [server.origin, ALLOWED_ORIGIN, null];

  it('refuses createNonce from a foreign or null Origin, and serves it from an allowed one or none', async () => {
    const nonce = 'mutation { createNonce { value } }';
    for (const origin of REFUSED_ORIGINS) {
      const result = await from(new TestClient(server), origin).request(nonce);
      expect(errorCode(result), origin).toBe('DOMAIN_MISMATCH');
      expect(result.data ?? undefined, origin).toBeUndefined();
      // A client error in the documented shape, as a resolver's refusal is.
      expect(result.status, origin).toBe(200);
    }
    for (const origin of origins()) {
      const result = await from(new TestClient(server), origin).request(nonce);
      expect(result.errors, String(origin)).toBeUndefined();
    }
  });

  it('refuses a session mutation (updateProfile, signOut) from a foreign or null Origin, changing nothing', async () => {
    const update = (client: TestClient, bio: string) => client.request(UPDATE_BIO, { bio });
    for (const origin of REFUSED_ORIGINS) {
      const result = await update(from(someone, origin), `from ${origin}`);
      expect(errorCode(result), origin).toBe('DOMAIN_MISMATCH');
      const signOut = await from(someone, origin).request('mutation { signOut }');
      expect(errorCode(signOut), origin).toBe('DOMAIN_MISMATCH');
    }
    expect((await profileOf(someone)).bio).toBeNull();
    // The session is still live: signOut from those origins ended nothing.
    expect(errorCode(await someone.request('{ me { id } }'))).toBeUndefined();
    for (const origin of origins()) {
      const result = await update(from(someone, origin), `bio ${origin}`);
      expect(result.errors, String(origin)).toBeUndefined();
      expect(result.data?.updateProfile.bio).toBe(`bio ${origin}`);
    }
  });

  it('refuses a multipart upload (setAvatar) from a foreign or null Origin, and serves it from an allowed one or none', async () => {
    const image = await png(64, 64);
    for (const origin of REFUSED_ORIGINS) {
      const result = await uploadFile(someone, SET_AVATAR, image, { origin });
      expect(errorCode(result), origin).toBe('DOMAIN_MISMATCH');
    }
    expect((await profileOf(someone)).avatar).toBeNull();
    for (const origin of origins()) {
      const result = await uploadFile(someone, SET_AVATAR, image, { origin });
      expect(result.errors, String(origin)).toBeUndefined();
    }
  });

  it('refuses an administrator mutation (grantRole) from a foreign or null Origin, changing nothing', async () => {
    const grant = (client: TestClient, role: string) =>
      client.request(GRANT_ROLE, { a: someoneId, r: role });
    for (const origin of REFUSED_ORIGINS) {
      expect(errorCode(await grant(from(admin, origin), 'refused')), origin).toBe(
        'DOMAIN_MISMATCH',
      );
    }
    const granted: Awaited<ReturnType<typeof grant>>[] = [];
    for (const [index, origin] of origins().entries()) {
      granted.push(await grant(from(admin, origin), `granted-${index}`));
    }
    for (const result of granted) expect(result.errors).toBeUndefined();
    expect(granted.at(-1)?.data?.grantRole.roles).toEqual(['granted-0', 'granted-1', 'granted-2']);
  });

  it('leaves queries alone: a foreign Origin may still ask (CORS keeps a browser from reading the answer)', async () => {
    const result = await from(someone, 'https://evil.example').request('{ me { id } }');
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ me: { id: someoneId } });
  });
});
