import { connect } from 'node:net';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode } from '../support/graphql-client.js';
import { newKey, png, profileOf, SET_AVATAR, signedIn } from '../support/profile-requests.js';
import { sendWholeRequest } from '../support/send-whole-request.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { uploadFile } from '../support/upload-file.js';

const REMOVE_AVATAR = graphql(`
  mutation AvatarUploadRemoveAvatar {
    removeAvatar { ...ProfileRequestsProfileFields }
  }
`);

/** A setAvatar multipart body as FormData encodes it, and its content type. */
async function multipartUpload(query: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: { file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'avatar.png');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/**
 * setAvatar as a GraphQL multipart request against the running server, on
 * SQLite and PostgreSQL: the CSRF rule, the body limits, the File scalar,
 * malformed bodies, replacement and removal.
 */
describe.each(databaseBackends)('avatar upload on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let server: TestServer;

    beforeAll(async () => {
      // Behind a proxy as far as the server knows: the concurrent uploads below come
      // from addresses of their own, each within its share of the uploads queue.
      server = await startTestServer({ database: backend.kind, env: { TRUST_PROXY: '1' } });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('sets an avatar from a multipart request and gives absolute variant URLs', async () => {
      const client = await signedIn(server, newKey());
      const result = await uploadFile(client, SET_AVATAR, await png(300, 200));
      expect(result.errors).toBeUndefined();
      const avatar = result.data?.setAvatar.avatar;
      expect(avatar).toMatchObject({ width: 300, height: 200 });
      expect(avatar?.url).toBe(`${server.origin}/images/${avatar?.id}?w=256&q=75`);
      expect((await profileOf(client)).avatar?.id).toBe(avatar?.id);
    });

    it('refuses a variant URL of a width or quality outside the lists, naming the argument', async () => {
      const client = await signedIn(server, newKey());
      await uploadFile(client, SET_AVATAR, await png(20, 20));
      const width = await client.request('query { me { profile { avatar { url(width: 100) } } } }');
      expect(errorCode(width)).toBe('BAD_USER_INPUT');
      expect(width.errors?.[0]?.message).toBe(
        'width must be one of 640, 768, 1024, 1280, 1600, 128, 256, 384, 512.',
      );
      const quality = await client.request(
        'query { me { profile { avatar { url(width: 128, quality: 80) } } } }',
      );
      expect(errorCode(quality)).toBe('BAD_USER_INPUT');
      expect(quality.errors?.[0]?.message).toMatch(
        /^quality must be one of 40, 50, 75, 85, 90, 95/,
      );
    });

    it('refuses a File variable that is not a file part', async () => {
      const client = await signedIn(server, newKey());
      for (const file of ['avatar.png', { name: 'a.png' }]) {
        const result = await client.request(SET_AVATAR, { file });
        expect(result.status).toBeLessThan(500);
        expect(errorCode(result)).toBe('BAD_USER_INPUT');
      }
      const literal = await client.request('mutation { setAvatar(file: "x") { public } }');
      expect(errorCode(literal)).toBe('BAD_USER_INPUT');
    });

    it('answers malformed multipart bodies with a 4xx', async () => {
      const client = await signedIn(server, newKey());
      for (const contentType of ['multipart/form-data; boundary=x', 'multipart/form-data']) {
        const response = await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: {
            origin: server.origin,
            cookie: client.cookie ?? '',
            'x-graphql-yoga-csrf': '1',
            'content-type': contentType,
          },
          body: 'garbage',
        });
        expect(response.status).toBe(400);
      }
    });

    it('keeps exactly one image, the avatar, after concurrent uploads', async () => {
      const key = newKey();
      const client = await signedIn(server, key);
      // One account on five devices: one client may hold only two places in the queue.
      const results = await Promise.all(
        [10, 20, 30, 40, 50].map(async (size, device) =>
          uploadFile(client, SET_AVATAR, await png(size, size), {
            headers: { 'x-forwarded-for': `203.0.113.${device + 1}` },
          }),
        ),
      );
      for (const result of results) expect(result.errors).toBeUndefined();
      const { db } = server.services;
      const account = await db
        .selectFrom('wallets')
        .select('account_id')
        .where('address', '=', key.address)
        .executeTakeFirstOrThrow();
      const images = await db
        .selectFrom('images')
        .select('id')
        .where('account_id', '=', account.account_id)
        .execute();
      expect(images.map((image) => image.id)).toEqual([(await profileOf(client)).avatar?.id]);
    });

    it('refuses a multipart request without the CSRF header', async () => {
      const client = await signedIn(server, newKey());
      const result = await uploadFile(client, SET_AVATAR, await png(10, 10), {
        csrfHeader: false,
      });
      expect(result.status).toBe(403);
      expect((await profileOf(client)).avatar).toBeNull();
    });

    it('answers a body over the upload limit with 413 and the GraphQL error of a file too large', async () => {
      const client = await signedIn(server, newKey());
      const result = await uploadFile(client, SET_AVATAR, new Uint8Array(6 * 1024 * 1024));
      expect(result.status).toBe(413);
      expect(result.errors).toEqual([
        { message: 'file must be at most 5 MiB.', extensions: { code: 'BAD_USER_INPUT' } },
      ]);
      expect((await profileOf(client)).avatar).toBeNull();
    });

    it.each([
      ['a Content-Length', false],
      ['chunked', true],
    ])(
      'gives a client that sends a 6 MiB upload (%s) whole before reading the 413, not a reset',
      async (_framing, chunked) => {
        const client = await signedIn(server, newKey());
        const { body, contentType } = await multipartUpload(
          print(SET_AVATAR),
          new Uint8Array(6 * 1024 * 1024),
        );
        const response = await sendWholeRequest({
          url: server.url,
          path: '/graphql',
          headers: {
            origin: server.origin,
            cookie: client.cookie ?? '',
            'x-graphql-yoga-csrf': '1',
            'content-type': contentType,
          },
          body,
          chunked,
        });
        expect(response.status).toBe(413);
        expect(response.headers['content-type']).toMatch(/^application\/(graphql-response\+)?json/);
        expect(JSON.parse(response.text)).toEqual({
          errors: [
            { message: 'file must be at most 5 MiB.', extensions: { code: 'BAD_USER_INPUT' } },
          ],
        });
        expect((await profileOf(client)).avatar).toBeNull();
      },
    );

    it('answers a body declared larger than 64 MiB with 413 without reading it', async () => {
      const client = await signedIn(server, newKey());
      const { hostname, port, host } = new URL(server.url);
      const socket = connect({ host: hostname, port: Number(port) });
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.write(
        [
          'POST /graphql HTTP/1.1',
          `Host: ${host}`,
          `Origin: ${server.origin}`,
          `Cookie: ${client.cookie}`,
          'x-graphql-yoga-csrf: 1',
          'Content-Type: multipart/form-data; boundary=b',
          `Content-Length: ${64 * 1024 * 1024 + 1}`,
          '',
          '',
        ].join('\r\n'),
      );
      // The server answers and closes although not one byte of the body was sent.
      await new Promise((resolve) => socket.on('close', resolve));
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('"code":"BAD_USER_INPUT"');
    });

    it('refuses a file just over 5 MiB with BAD_USER_INPUT', async () => {
      const client = await signedIn(server, newKey());
      const bytes = new Uint8Array(5 * 1024 * 1024 + 1);
      bytes.set(await png(10, 10));
      const result = await uploadFile(client, SET_AVATAR, bytes);
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toBe('file must be at most 5 MiB.');
    });

    it('keeps the 64 KiB limit for JSON requests', async () => {
      const client = await signedIn(server, newKey());
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: {
          origin: server.origin,
          cookie: client.cookie ?? '',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          query: 'mutation($b: String) { updateProfile(input: { bio: $b }) { bio } }',
          variables: { b: 'x'.repeat(70 * 1024) },
        }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        errors: [
          {
            message: 'request body must be at most 64 KiB.',
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
    });

    it('gives a client that sends a 6 MiB JSON request whole before reading the 413, not a reset', async () => {
      const client = await signedIn(server, newKey());
      const body = JSON.stringify({
        query: 'mutation($b: String) { updateProfile(input: { bio: $b }) { bio } }',
        variables: { b: 'x'.repeat(6 * 1024 * 1024) },
      });
      const response = await sendWholeRequest({
        url: server.url,
        path: '/graphql',
        headers: {
          origin: server.origin,
          cookie: client.cookie ?? '',
          'content-type': 'application/json',
        },
        body: new TextEncoder().encode(body),
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.text)).toEqual({
        errors: [
          {
            message: 'request body must be at most 64 KiB.',
            extensions: { code: 'BAD_REQUEST' },
          },
        ],
      });
      expect((await profileOf(client)).bio).toBeNull();
    });

    it('replaces the previous avatar and deletes it; removeAvatar clears it', async () => {
      const client = await signedIn(server, newKey());
      const first = await uploadFile(client, SET_AVATAR, await png(64, 64));
      const firstUrl = first.data?.setAvatar.avatar?.url ?? '';
      expect((await fetch(firstUrl.replace(server.origin, server.url))).status).toBe(200);
      await uploadFile(client, SET_AVATAR, await png(32, 32));
      expect((await fetch(firstUrl.replace(server.origin, server.url))).status).toBe(404);
      const removed = await client.request(REMOVE_AVATAR);
      expect(removed.data?.removeAvatar.avatar).toBeNull();
    });
  });
});
