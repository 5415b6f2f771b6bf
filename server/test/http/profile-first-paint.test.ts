import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedAvatarBackground, PROFILE_FIRST_PAINT_SLOTS as SLOT } from '@sigil/profile-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../support/graphql-client.js';
import {
  newKey,
  pageHead,
  png,
  SET_AVATAR,
  setVisibility,
  signedIn,
  updateProfile,
} from '../support/profile-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { uploadFile } from '../support/upload-file.js';

/**
 * `/u/<address>` with the public profile's section in the HTML: the web
 * build's first paint of a found profile (here a stand-in with the same
 * slots, as web/build/first-paint-prerender-plugin.ts writes it) filled with
 * the profile's own name, address, bio and avatar, escaped and in one pass
 * (server/src/profiles/profile-first-paint.ts). What React writes for the
 * avatar is held in web/src/first-paint/prerender-first-paint.test.tsx.
 */
const BUILT_INDEX = readFileSync(new URL('../../../web/index.html', import.meta.url), 'utf8');
const FOUND = `<main><section>${SLOT.avatar}<h1>${SLOT.name}</h1><code>${SLOT.address}</code><p class="bio">${SLOT.bio}</p></section></main>`;
const LOADING = '<main><p role="status">Loading the profile…</p></main>';
const FIRST_PAINTS = { 'en-US': { profile: LOADING, 'profile-found': FOUND } };

const HOSTILE = `$&$\`$'$$</h1><script>"'&`;
const ESCAPED = `$&amp;$\`$&#39;$$&lt;/h1&gt;&lt;script&gt;&quot;&#39;&amp;`;

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];

describe('a public profile’s section in its page', () => {
  let server: TestServer;
  let webRoot: string;
  let client: TestClient;
  const owner = newKey();

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'sigil-profile-first-paint-'));
    writeFileSync(join(webRoot, 'index.html'), BUILT_INDEX);
    writeFileSync(join(webRoot, 'first-paint.json'), JSON.stringify(FIRST_PAINTS));
    server = await startTestServer({ database: 'sqlite', webRoot });
    client = await signedIn(server, owner);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('shows the loading line while the profile is private', async () => {
    expect(rootOf(await pageHead(server, owner.address))).toBe(LOADING);
  });

  it('writes the name and bio as escaped text, once each, and fills no slot a bio holds', async () => {
    const bio = `${HOSTILE} ${SLOT.avatar} ${SLOT.name}`;
    const updated = await updateProfile(client, {
      displayName: `Eve ${HOSTILE}`,
      bio,
      public: true,
    });
    if (updated.errors) throw new Error(JSON.stringify(updated.errors));
    await setVisibility(client, owner.address, true);
    const root = rootOf(await pageHead(server, owner.address.toLowerCase()));
    const avatar = `<span class="avatar avatar-generated avatar-large" data-testid="generated-avatar" aria-hidden="true" style="width:112px;height:112px;background:${generatedAvatarBackground(owner.address)}"></span>`;
    expect(root).toBe(
      `<main><section>${avatar}<h1>Eve ${ESCAPED}</h1><code>${owner.address}</code><p class="bio">${ESCAPED} ${SLOT.avatar} ${SLOT.name}</p></section></main>`,
    );
  });

  it('names a profile without a display name by its checksummed address, and leaves out an empty bio', async () => {
    const updated = await updateProfile(client, { displayName: null, bio: null, public: true });
    if (updated.errors) throw new Error(JSON.stringify(updated.errors));
    const root = rootOf(await pageHead(server, owner.address.toLowerCase()));
    expect(root).toContain(`<h1>${owner.address}</h1><code>${owner.address}</code></section>`);
    expect(root).not.toContain('class="bio"');
  });

  it('draws an uploaded avatar with the API’s URLs, the ones the head preloads', async () => {
    const set = await uploadFile(client, SET_AVATAR, await png(300, 300));
    const id = set.data?.setAvatar.avatar?.id;
    expect(id).toBeTruthy();
    const html = await pageHead(server, owner.address);
    const url = (width: number) => `${server.origin}/images/${id}?w=${width}&amp;q=75`;
    const srcset = `${url(128)} 128w, ${url(256)} 256w`;
    expect(rootOf(html)).toContain(
      `<main><section><img class="avatar avatar-large" src="${url(256)}" srcset="${srcset}" sizes="112px" alt="" width="112" height="112" decoding="async"/><h1>`,
    );
    expect(html).toContain(`imagesrcset="${srcset}" imagesizes="112px"`);
  });
});
