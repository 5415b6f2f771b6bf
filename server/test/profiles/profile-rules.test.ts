import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { newKey, profileOf, signedIn, updateProfile } from '../support/profile-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Every profile rule through a real request against the running server, on
 * SQLite and PostgreSQL: NFC, lengths, hostile characters, omitted vs null.
 */
describe.each(databaseBackends)('profile rules on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({ database: backend.kind });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('starts empty and private', async () => {
      expect(await profileOf(await signedIn(server, newKey()))).toEqual({
        displayName: null,
        bio: null,
        public: false,
        avatar: null,
      });
    });

    it('refuses every change without a session', async () => {
      const result = await updateProfile(new TestClient(server), { displayName: 'Ada' });
      expect(errorCode(result)).toBe('UNAUTHENTICATED');
    });

    it('stores a display name in NFC and counts its length after normalisation', async () => {
      const client = await signedIn(server, newKey());
      const decomposed = 'e\u0301'.repeat(50); // 100 code points, 50 after NFC
      const result = await updateProfile(client, { displayName: decomposed });
      expect(result.errors).toBeUndefined();
      expect(result.data?.updateProfile.displayName).toBe('\u00e9'.repeat(50));
      expect((await profileOf(client)).displayName).toBe('\u00e9'.repeat(50));
    });

    it.each([
      ['empty', ''],
      ['only spaces', '   '],
      ['51 characters', 'a'.repeat(51)],
    ])('refuses a display name that is %s, naming the field', async (_case, displayName) => {
      const client = await signedIn(server, newKey());
      const result = await updateProfile(client, { displayName });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(/^displayName must be 1 to 50 characters/);
    });

    it.each([
      ['a NUL', 'Ada\u0000'],
      ['a line break', 'Ada\nLovelace'],
      ['an escape', 'Ada\u001b[31m'],
      ['a C1 control', 'Ada\u0085'],
      ['a right-to-left override', 'Ada\u202Egnp.exe'],
      ['a left-to-right embedding', '\u202AAda'],
      ['a first-strong isolate', 'Ada\u2068x\u2069'],
      ['a zero-width space', 'A\u200Bda'],
      ['an Arabic letter mark', 'Ada\u061C'],
      ['a tag character', 'Ada\u{E0041}'],
      ['a line separator', 'Ada\u2028Lovelace'],
      ['a lone surrogate', 'Ada\uD800'],
    ])('refuses a display name with %s', async (_case, displayName) => {
      const client = await signedIn(server, newKey());
      const result = await updateProfile(client, { displayName });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(/^displayName /);
      expect((await profileOf(client)).displayName).toBeNull();
    });

    it('keeps the joiners emoji sequences and scripts need', async () => {
      const client = await signedIn(server, newKey());
      const name = '👩\u200D💻 می\u200Cخواهم';
      const result = await updateProfile(client, { displayName: name });
      expect(result.data?.updateProfile.displayName).toBe(name);
    });

    it('accepts a bio of 280 characters with line breaks and refuses 281', async () => {
      const client = await signedIn(server, newKey());
      const bio = `line one\n${'b'.repeat(271)}`;
      expect([...bio]).toHaveLength(280);
      expect((await updateProfile(client, { bio })).data?.updateProfile.bio).toBe(bio);
      const result = await updateProfile(client, { bio: `${bio}x` });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(/^bio must be at most 280 characters/);
      expect((await profileOf(client)).bio).toBe(bio);
    });

    it('refuses a bio with a bidirectional override, naming the field', async () => {
      const client = await signedIn(server, newKey());
      const result = await updateProfile(client, { bio: 'hello \u202Edlrow' });
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(result.errors?.[0]?.message).toMatch(/^bio must not contain/);
    });

    it('leaves omitted fields unchanged and clears the ones given as null', async () => {
      const client = await signedIn(server, newKey());
      await updateProfile(client, { displayName: 'Ada', bio: 'Engines.' });
      const publish = await updateProfile(client, { public: true });
      expect(publish.data?.updateProfile).toMatchObject({
        displayName: 'Ada',
        bio: 'Engines.',
        public: true,
      });
      const cleared = await updateProfile(client, { displayName: null });
      expect(cleared.data?.updateProfile).toMatchObject({
        displayName: null,
        bio: 'Engines.',
        public: true,
      });
      expect(errorCode(await updateProfile(client, { public: null }))).toBe('BAD_USER_INPUT');
      expect((await profileOf(client)).public).toBe(true);
    });
  });
});
