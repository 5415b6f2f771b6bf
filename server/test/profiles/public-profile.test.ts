import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type LocalAccount, verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import {
  INDEX_HTML,
  linkWallet,
  newKey,
  pageHead,
  png,
  publicProfile,
  SET_AVATAR,
  setVisibility,
  signedIn,
  updateProfile,
} from '../support/profile-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { uploadFile } from '../support/upload-file.js';

const LAST_SIGN_IN = graphql(`
  query PublicProfileLastSignIn {
    me { signIns(first: 1) { edges { node { at } } } }
  }
`);

const OWN_WALLETS = graphql(`
  query PublicProfileOwnWallets {
    me { wallets { address public } }
  }
`);

/**
 * What the public profile shows, through publicProfile and the server-rendered
 * head of /u/<address>, on SQLite and PostgreSQL: only what was published,
 * never an unpublished wallet, escaped, with the proofs anyone can re-verify.
 */
describe.each(databaseBackends)('public profile on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let server: TestServer;
    let webRoot: string;

    beforeAll(async () => {
      webRoot = mkdtempSync(join(tmpdir(), 'sigil-profiles-web-'));
      writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
      server = await startTestServer({ database: backend.kind, webRoot });
    });
    afterAll(async () => {
      await server?.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    let owner: LocalAccount;
    let linked: LocalAccount;
    let client: TestClient;
    let linkMessage: string;

    beforeAll(async () => {
      owner = newKey();
      linked = newKey();
      client = await signedIn(server, owner);
      linkMessage = await linkWallet(client, linked);
      await updateProfile(client, {
        displayName: 'Ada <script>',
        bio: 'Counts "engines" & more.',
      });
    });

    const leaks = (text: string, address: string) =>
      text.toLowerCase().includes(address.slice(2).toLowerCase());

    it('shows nothing while the profile is private, even with a published wallet', async () => {
      expect((await setVisibility(client, owner.address, true)).data?.setWalletVisibility).toEqual({
        address: owner.address,
        public: true,
      });
      const result = await publicProfile(server, owner.address);
      expect(result.errors).toBeUndefined();
      expect(result.data?.publicProfile).toBeNull();
      const head = await pageHead(server, owner.address);
      expect(head).toBe(INDEX_HTML);
    });

    it('shows the public profile with only the published wallet and its proof', async () => {
      await updateProfile(client, { public: true });
      const result = await publicProfile(server, owner.address.toLowerCase());
      const profile = result.data?.publicProfile;
      expect(profile).toMatchObject({
        address: owner.address,
        displayName: 'Ada <script>',
        bio: 'Counts "engines" & more.',
        avatar: null,
      });
      expect(profile?.wallets.map((w) => w.address)).toEqual([owner.address]);
      const proof = profile?.wallets[0]?.proof;
      expect(proof?.chainId).toBe(31337);
      expect(proof?.message).toContain(owner.address);
      expect(
        await verifyMessage({
          address: owner.address,
          message: proof?.message ?? '',
          signature: (proof?.signature ?? '0x') as `0x${string}`,
        }),
      ).toBe(true);
      expect(leaks(JSON.stringify(result), linked.address)).toBe(false);
    });

    it('does not open the profile by an unpublished wallet, which answers as an unknown one', async () => {
      const byLinked = await publicProfile(server, linked.address);
      const byStranger = await publicProfile(server, newKey().address);
      expect(byLinked.data?.publicProfile).toBeNull();
      expect(byStranger.data?.publicProfile).toBeNull();
      expect(await pageHead(server, linked.address)).toBe(INDEX_HTML);
    });

    it('renders the page head from the public profile, escaped, and leaks no unpublished wallet', async () => {
      const head = await pageHead(server, owner.address);
      expect(head).toContain('<title>Ada &lt;script&gt; on Sigil</title>');
      expect(head).toContain('<meta property="og:title" content="Ada &lt;script&gt; on Sigil" />');
      expect(head).toContain(
        '<meta property="og:description" content="Counts &quot;engines&quot; &amp; more." />',
      );
      expect(head).toContain(
        `<meta property="og:url" content="${server.origin}/u/${owner.address}" />`,
      );
      expect(head).toContain('<meta name="twitter:card" content="summary" />');
      expect(head).not.toContain('content="generic"');
      expect(head).not.toContain('<script>');
      expect(leaks(head, linked.address)).toBe(false);
    });

    it('puts the avatar through the image pipeline as og:image', async () => {
      const set = await uploadFile(client, SET_AVATAR, await png(800, 800));
      const id = set.data?.setAvatar.avatar?.id;
      const head = await pageHead(server, owner.address);
      const ogImage = `${server.origin}/images/${id}?w=512&q=75`;
      expect(head).toContain(
        `<meta property="og:image" content="${ogImage.replace('&', '&amp;')}" />`,
      );
      // Preloaded for the page as the page draws it: the srcset of its ImageFields, 800 px wide.
      const srcset = [128, 256, 384, 512, 640, 768]
        .map((width) => `${server.origin}/images/${id}?w=${width}&amp;q=75 ${width}w`)
        .join(', ');
      expect(head).toContain(
        `<link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="112px" fetchpriority="high" />`,
      );
      const image = await fetch(ogImage.replace(server.origin, server.url));
      expect(image.status).toBe(200);
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(512);
    });

    it('lists a wallet once published, with the link as its proof, and withdraws it again', async () => {
      await setVisibility(client, linked.address, true);
      const shown = (await publicProfile(server, linked.address)).data?.publicProfile;
      expect(shown?.address).toBe(owner.address);
      const linkedWallet = shown?.wallets.find((w) => w.address === linked.address);
      expect(linkedWallet?.proof.message).toBe(linkMessage);
      await setVisibility(client, linked.address, false);
      const after = await publicProfile(server, owner.address);
      expect(leaks(JSON.stringify(after), linked.address)).toBe(false);
    });

    it('never shows an unpublished primary: the page names the published wallet instead', async () => {
      await setVisibility(client, linked.address, true);
      await setVisibility(client, owner.address, false);
      const result = await publicProfile(server, linked.address);
      expect(result.data?.publicProfile?.address).toBe(linked.address);
      expect(leaks(JSON.stringify(result), owner.address)).toBe(false);
      expect(leaks(await pageHead(server, linked.address), owner.address)).toBe(false);
      expect((await publicProfile(server, owner.address)).data?.publicProfile).toBeNull();
      await setVisibility(client, owner.address, true);
    });

    it('shows the latest sign-in as the proof', async () => {
      const proofOf = async () =>
        (await publicProfile(server, owner.address)).data?.publicProfile?.wallets.find(
          (w) => w.address === owner.address,
        )?.proof;
      const before = await proofOf();
      const again = new TestClient(server);
      const message = await again.prepareMessage(owner, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      const signature = await owner.signMessage({ message });
      expect((await again.signIn(message, signature)).errors).toBeUndefined();
      const after = await proofOf();
      // Each sign-in signs a new nonce: the proof is this one's, not the first's.
      expect(after?.message).not.toBe(before?.message);
      expect(after).toMatchObject({ message, signature });
      const history = await again.request(LAST_SIGN_IN);
      expect(after?.signedAt).toBe(history.data?.me?.signIns.edges[0]?.node.at);
    });

    it('publishes only wallets of the signed-in account', async () => {
      const stranger = newKey();
      await signedIn(server, stranger);
      const result = await setVisibility(client, stranger.address, true);
      expect(errorCode(result)).toBe('BAD_USER_INPUT');
      expect(errorCode(await setVisibility(new TestClient(server), owner.address, false))).toBe(
        'UNAUTHENTICATED',
      );
      expect((await publicProfile(server, stranger.address)).data?.publicProfile).toBeNull();
    });

    it('shows Wallet.public to the owner', async () => {
      const result = await client.request(OWN_WALLETS);
      expect(result.data?.me?.wallets).toEqual([
        { address: owner.address, public: true },
        { address: linked.address, public: true },
      ]);
    });

    it('answers a path that is not an address with the generic head and a 404', async () => {
      expect(await pageHead(server, 'notanaddress', 404)).toBe(INDEX_HTML);
      expect(await pageHead(server, `${owner.address}00`, 404)).toBe(INDEX_HTML);
      expect(await pageHead(server, 'alice.eth', 404)).toBe(INDEX_HTML);
    });

    it('hides everything again when the profile is made private', async () => {
      await updateProfile(client, { public: false });
      expect((await publicProfile(server, owner.address)).data?.publicProfile).toBeNull();
      expect(await pageHead(server, owner.address)).toBe(INDEX_HTML);
    });
  });
});
