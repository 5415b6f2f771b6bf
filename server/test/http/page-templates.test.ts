import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBackends } from '../support/each-database.js';
import type { TestClient } from '../support/graphql-client.js';
import {
  INDEX_HTML,
  newKey,
  pageHead,
  setVisibility,
  signedIn,
  updateProfile,
} from '../support/profile-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * What a person writes reaches the server-rendered head of /u/<address> as
 * text and nothing else: no `$` replacement pattern of String.replace (`$&`,
 * `` $` ``, `$'`, `$$`) is expanded, no tag closes early, and the page keeps
 * one head with its meta tags, on SQLite and PostgreSQL (the profile is read
 * from the store). The OIDC pages are template literals over escaped text
 * (server/src/oidc/logout-pages.ts) and carry only configuration.
 */
const HOSTILE = `$&$\`$'$$</head></title><script>"'&`;
const ESCAPED = `$&amp;$\`$&#39;$$&lt;/head&gt;&lt;/title&gt;&lt;script&gt;&quot;&#39;&amp;`;

const count = (text: string, part: string) => text.split(part).length - 1;

/** Every `<meta …>` of the head, as attribute name, key and content. */
function metaTags(head: string) {
  return [...head.matchAll(/<meta ([a-z]+)="([^"]*)"(?: content="([^"]*)")? \/>/g)].map(
    ([, attribute, key, content]) => ({ attribute, key, content }),
  );
}

describe.each(databaseBackends)('server-rendered pages on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let server: TestServer;
    let webRoot: string;
    let client: TestClient;
    const owner = newKey();

    beforeAll(async () => {
      webRoot = mkdtempSync(join(tmpdir(), 'sigil-page-templates-web-'));
      writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
      server = await startTestServer({ database: backend.kind, webRoot });
      client = await signedIn(server, owner);
      const updated = await updateProfile(client, {
        displayName: `Eve ${HOSTILE}`,
        bio: `${HOSTILE} NOTICE`,
        public: true,
      });
      if (updated.errors) throw new Error(JSON.stringify(updated.errors));
      const shown = await setVisibility(client, owner.address, true);
      if (shown.errors) throw new Error(JSON.stringify(shown.errors));
    });
    afterAll(async () => {
      await server?.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    it('puts a display name and bio full of $ patterns and markup in the head as escaped text, once each where it belongs', async () => {
      const html = await pageHead(server, owner.address);
      const [head = '', body = ''] = html.split('</head>');
      expect(count(html, '<head>')).toBe(1);
      expect(count(html, '</head>')).toBe(1);
      expect(count(html, '<title>')).toBe(1);
      expect(count(html, '<body>')).toBe(1);
      // Nothing of the profile, nor of the head, lands above the site's own body.
      expect(body).toBe('<body><div id="root"></div></body></html>');
      expect(head.startsWith('<!doctype html><html><head>')).toBe(true);
      expect(head).toContain(`<title>Eve ${ESCAPED} on Sigil</title>`);
      expect(metaTags(head)).toEqual([
        { attribute: 'name', key: 'description', content: `${ESCAPED} NOTICE` },
        { attribute: 'property', key: 'og:type', content: 'profile' },
        { attribute: 'property', key: 'og:site_name', content: 'Sigil' },
        { attribute: 'property', key: 'og:title', content: `Eve ${ESCAPED} on Sigil` },
        { attribute: 'property', key: 'og:description', content: `${ESCAPED} NOTICE` },
        { attribute: 'property', key: 'og:url', content: `${server.origin}/u/${owner.address}` },
        { attribute: 'name', key: 'twitter:card', content: 'summary' },
        { attribute: 'name', key: 'twitter:title', content: `Eve ${ESCAPED} on Sigil` },
        { attribute: 'name', key: 'twitter:description', content: `${ESCAPED} NOTICE` },
      ]);
      // The name is in the title and two meta tags, the bio in three: nowhere else.
      expect(count(html, `Eve ${ESCAPED} on Sigil`)).toBe(3);
      expect(count(html, `${ESCAPED} NOTICE`)).toBe(3);
      expect(count(html, ESCAPED)).toBe(6);
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('content="generic"');
    });

    it('answers a hostile address in the path with the generic page, unchanged, and a 404', async () => {
      for (const path of [HOSTILE, `${owner.address}$&`, `$'${owner.address}`]) {
        expect(await pageHead(server, encodeURIComponent(path), 404)).toBe(INDEX_HTML);
      }
    });
  });
});
