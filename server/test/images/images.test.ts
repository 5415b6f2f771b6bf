import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, serviceAvailable } from '../../../testing/services.js';
import {
  IMAGE_BUSY_RETRY_AFTER_SECONDS,
  IMAGE_QUALITIES,
  IMAGE_WIDTHS,
  MAX_IMAGE_PIXELS,
  MAX_VARIANT_BYTES,
  RENDER_QUEUE_LENGTH,
  UPLOAD_QUEUE_LENGTH,
} from '../../src/images/image-limits.js';
import { insertImage } from '../../src/images/image-store.js';
import { ingestImage } from '../../src/images/ingest-image.js';
import type { PixelQueue } from '../../src/images/pixel-queue.js';
import type { ImagesSetAvatarMutation } from '../generated/graphql.js';
import { graphql } from '../generated/index.js';
import { databaseBackends } from '../support/each-database.js';
import { errorCode, TestClient } from '../support/graphql-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { uploadFile } from '../support/upload-file.js';

/**
 * The image pipeline against the running server, on SQLite and PostgreSQL:
 * uploads judged by content (bombs, SVG, bad bytes refused before any
 * decoding), what is stored (upright, no metadata, a GIF's first frame), and
 * GET /images/:id (every width and quality, refused values, Accept
 * negotiation, ETag/304, caching headers). Every image is generated here.
 */
const SET_AVATAR = graphql(`
  mutation ImagesSetAvatar($file: File!) {
    setAvatar(file: $file) { avatar { id width height } }
  }
`);

type Avatar = NonNullable<ImagesSetAvatarMutation['setAvatar']['avatar']>;

const solid = (width: number, height: number, background = '#4f46e5') =>
  sharp({ create: { width, height, channels: 3, background } });

/** A valid PNG whose header claims width×height: a decompression bomb's calling card. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // IHDR: length(4) "IHDR"(4) width(4) height(4) …; its CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * A real, valid image above the pixel limit (and under the old 40-megapixel
 * one): one colour, so its PNG is small while it decodes to 20 megapixels.
 */
let bomb: Buffer;
const BOMB = { width: 5000, height: 4000 };
beforeAll(async () => {
  bomb = await solid(BOMB.width, BOMB.height).png({ compressionLevel: 9 }).toBuffer();
}, 60_000);

/**
 * Work that runs until the test opens its gate: the queue is held full by
 * state, not time, each job as a client of its own (one client holds only its share).
 */
function holdFull(queue: PixelQueue, waiting: number) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const jobs = Array.from({ length: queue.options.maxRunning + waiting }, (_, i) =>
    queue.run(1, () => opened, `held-${i}`),
  );
  return {
    release: async () => {
      open();
      await Promise.all(jobs);
    },
  };
}

async function decode(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  return { bytes, metadata: await sharp(bytes).metadata() };
}

describe.each(databaseBackends)('images on $name', (backend) => {
  describe.skipIf(!backend.available)(backend.name, () => {
    let server: TestServer;
    let client: TestClient;
    let accountId: string;

    beforeAll(async () => {
      // Renders unlimited here: this suite renders every width and quality from one client.
      server = await startTestServer({
        database: backend.kind,
        env: { IMAGE_RENDERS_PER_MINUTE: '1000000' },
      });
      client = new TestClient(server);
      const key = privateKeyToAccount(generatePrivateKey());
      const signedIn = await client.signInAs(key, {
        issuedAt: new Date(server.clock()).toISOString(),
      });
      if (!signedIn.data) throw new Error(JSON.stringify(signedIn.errors));
      accountId = signedIn.data.signIn.account.id;
    });
    afterAll(() => server?.close());

    async function upload(bytes: Uint8Array, options: { name?: string; type?: string } = {}) {
      return uploadFile(client, SET_AVATAR, bytes, options);
    }

    async function uploaded(bytes: Uint8Array): Promise<Avatar> {
      const result = await upload(bytes);
      const avatar = result.data?.setAvatar.avatar;
      if (!avatar) throw new Error(result.text);
      return avatar;
    }

    /** An image stored as an upload is, without being an avatar: a new avatar would delete the last. */
    async function stored(bytes: Uint8Array): Promise<Avatar> {
      const image = await ingestImage(bytes, {
        queue: server.services.images.queues.uploads,
        client: 'test',
      });
      return insertImage(server.services.db, { accountId, image, now: server.clock() });
    }

    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers });

    describe('uploads', () => {
      it('refuses a decompression bomb from its header, before decoding it', async () => {
        const result = await upload(await pngClaiming(50_000, 50_000));
        expect(errorCode(result)).toBe('BAD_USER_INPUT');
        expect(result.errors?.[0]?.message).toBe(
          `file is 50000×50000 pixels: images may have at most ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
        );
      });

      it('refuses a real 20-megapixel PNG of a few KB from its header: nothing is decoded', async () => {
        expect(bomb.length).toBeLessThan(200_000);
        const uploads = server.services.images.queues.uploads;
        const started = uploads.stats.started;
        const result = await upload(bomb);
        expect(errorCode(result)).toBe('BAD_USER_INPUT');
        expect(result.errors?.[0]?.message).toBe(
          `file is ${BOMB.width}×${BOMB.height} pixels: images may have at most 16 megapixels.`,
        );
        // The uploads queue runs every decode: none was started for the bomb.
        expect(uploads.stats.started).toBe(started);
      });

      it('refuses an SVG even when it calls itself a PNG', async () => {
        const svg = new TextEncoder().encode(
          '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        );
        const result = await upload(svg, { name: 'avatar.png', type: 'image/png' });
        expect(errorCode(result)).toBe('BAD_USER_INPUT');
        expect(result.errors?.[0]?.message).toMatch(/^file is an SVG image/);
      });

      it.each([
        [
          'text named photo.jpg',
          new TextEncoder().encode('not an image at all'),
          'photo.jpg',
          'image/jpeg',
        ],
        [
          'a JPEG signature and nothing else',
          new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
          'a.jpg',
          'image/jpeg',
        ],
        [
          'a PDF named avatar.webp',
          new TextEncoder().encode('%PDF-1.7\n%...'),
          'avatar.webp',
          'image/webp',
        ],
      ])('refuses %s with BAD_USER_INPUT, never a 5xx', async (_case, bytes, name, type) => {
        const result = await upload(bytes, { name, type });
        expect(result.status).toBeLessThan(500);
        expect(errorCode(result)).toBe('BAD_USER_INPUT');
        expect(result.errors?.[0]?.message).toMatch(
          /^file is not a (readable )?PNG, JPEG, WebP, GIF or AVIF image\.$/,
        );
      });

      it('stores a JPEG upright by its EXIF orientation, with EXIF and GPS stripped', async () => {
        const jpeg = await solid(300, 200)
          .jpeg()
          .withMetadata({
            orientation: 6,
            exif: {
              IFD0: { Make: 'LeakyCam' },
              IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2956/100' },
            },
          })
          .toBuffer();
        expect((await sharp(jpeg).metadata()).orientation).toBe(6);
        const avatar = await uploaded(jpeg);
        // Orientation 6 is a quarter turn: the upright image is 200 wide, 300 high.
        expect(avatar).toMatchObject({ width: 200, height: 300 });
        const { bytes, metadata } = await decode(
          await get(`/images/${avatar.id}?w=256`, { accept: 'image/jpeg' }),
        );
        expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect(bytes.toString('latin1')).not.toContain('LeakyCam');
      });

      it("keeps a GIF's first frame", async () => {
        const frame = (color: string) => solid(20, 10, color).png().toBuffer();
        const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], {
          join: { animated: true },
        })
          .gif()
          .toBuffer();
        expect((await sharp(gif).metadata()).pages).toBe(2);
        const avatar = await uploaded(gif);
        expect(avatar).toMatchObject({ width: 20, height: 10 });
        const response = await get(`/images/${avatar.id}?w=128`, { accept: 'image/png' });
        expect(response.headers.get('content-type')).toBe('image/png');
        const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect(info.height).toBe(10);
        expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
      });

      it('accepts WebP and AVIF by content', async () => {
        for (const format of ['webp', 'avif'] as const) {
          const bytes = await solid(40, 30).toFormat(format).toBuffer();
          expect(await uploaded(bytes)).toMatchObject({ width: 40, height: 30 });
        }
      });
    });

    describe('GET /images/:id', () => {
      let wide: Avatar;
      let jpegAvatar: Avatar;

      beforeAll(async () => {
        jpegAvatar = await stored(await solid(1700, 60).jpeg().toBuffer());
        wide = await stored(await solid(1700, 60).png().toBuffer());
      });

      it.each([...IMAGE_WIDTHS])('serves width %i at exactly that width', async (width) => {
        const response = await get(`/images/${wide.id}?w=${width}`, { accept: 'image/webp' });
        expect(response.status).toBe(200);
        const { metadata } = await decode(response);
        expect(metadata).toMatchObject({ format: 'webp', width });
      });

      it.each([...IMAGE_QUALITIES])('serves quality %i', async (quality) => {
        const response = await get(`/images/${jpegAvatar.id}?w=640&q=${quality}`, {
          accept: 'image/jpeg',
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('etag')).toContain(`-640-${quality}-jpeg"`);
        expect((await decode(response)).metadata.width).toBe(640);
      });

      it('refuses to render a stored original above the pixel limit, without decoding it', async () => {
        // An original stored before the limit was lowered (the old limit was 40 megapixels).
        const big = await insertImage(server.services.db, {
          accountId,
          now: server.clock(),
          image: { format: 'png', bytes: bomb, ...BOMB, contentHash: 'b'.repeat(64) },
        });
        const renders = server.services.images.queues.renders;
        const started = renders.stats.started;
        const response = await get(`/images/${big.id}?w=128`, { accept: 'image/webp' });
        expect(response.status).toBe(422);
        expect(((await response.json()) as { message: string }).message).toBe(
          `image is ${BOMB.width}×${BOMB.height} pixels: images may have at most 16 megapixels.`,
        );
        expect(response.headers.get('cache-control')).toBeNull();
        expect(renders.stats.started).toBe(started);
      });

      it.each([
        ['image/avif', 'heif'],
        ['image/webp', 'webp'],
        ['image/jpeg', 'jpeg'],
      ])(
        'keeps a variant of an original made of noise within MAX_VARIANT_BYTES (%s)',
        async (accept, format) => {
          // Noise compresses worst: at 1,200 px and quality 95 every format is
          // above 1 MiB (1.3 to 1.9 MB), from a request of a few hundred bytes.
          const noise = await stored(
            await sharp(randomBytes(1200 * 1200 * 3), {
              raw: { width: 1200, height: 1200, channels: 3 },
            })
              .jpeg({ quality: 90 })
              .toBuffer(),
          );
          const response = await get(`/images/${noise.id}?w=1280&q=95`, { accept });
          expect(response.status).toBe(200);
          const { bytes, metadata } = await decode(response);
          expect(bytes.length).toBeLessThanOrEqual(MAX_VARIANT_BYTES);
          expect(metadata).toMatchObject({ format, width: 1200 });
        },
      );

      it('never serves wider than the original', async () => {
        const small = await stored(await solid(100, 50).png().toBuffer());
        const { metadata } = await decode(await get(`/images/${small.id}?w=1600`));
        expect(metadata.width).toBe(100);
      });

      it.each([
        ['?w=100', 'w'],
        ['?w=abc', 'w'],
        ['', 'w'],
        ['?w=640.5', 'w'],
        ['?w=640&w=768', 'w'],
        ['?w=-640', 'w'],
        ['?w=640&q=80', 'q'],
        ['?w=640&q=0', 'q'],
        ['?w=640&q=', 'q'],
      ])(
        'answers %s with a 400 naming the parameter and its allowed values',
        async (query, parameter) => {
          const response = await get(`/images/${wide.id}${query}`);
          expect(response.status).toBe(400);
          const body = (await response.json()) as { parameter: string; message: string };
          expect(body.parameter).toBe(parameter);
          expect(body.message).toBe(
            parameter === 'w'
              ? 'w must be one of 640, 768, 1024, 1280, 1600, 128, 256, 384, 512.'
              : 'q must be one of 40, 50, 75, 85, 90, 95 (default 75).',
          );
        },
      );

      it.each([
        ['an unknown id', '00000000-0000-4000-8000-000000000000'],
        ['a malformed id', 'nope'],
      ])('answers %s with a 404 saying so, whatever the parameters', async (_case, id) => {
        for (const query of ['?w=128', '', '?w=7']) {
          const response = await get(`/images/${id}${query}`);
          expect(response.status).toBe(404);
          expect(await response.json()).toEqual({
            statusCode: 404,
            error: 'Not Found',
            message: 'No such image.',
          });
        }
      });

      it.each([
        ['image/avif,image/webp,*/*', 'image/avif', 'heif'],
        ['image/webp,*/*', 'image/webp', 'webp'],
        ['image/avif;q=0,image/webp', 'image/webp', 'webp'],
        ['image/*,*/*;q=0.8', 'image/jpeg', 'jpeg'],
        ['', 'image/jpeg', 'jpeg'],
      ])('answers Accept "%s" with %s', async (accept, contentType, format) => {
        const response = await get(`/images/${jpegAvatar.id}?w=128`, accept ? { accept } : {});
        expect(response.headers.get('content-type')).toBe(contentType);
        expect(response.headers.get('vary')).toBe('Accept');
        expect((await decode(response)).metadata.format).toBe(format);
      });

      it('falls back to PNG for a PNG original when neither AVIF nor WebP is accepted', async () => {
        const response = await get(`/images/${wide.id}?w=128`, { accept: 'image/*' });
        expect(response.headers.get('content-type')).toBe('image/png');
      });

      it('answers a matching If-None-Match with 304 and no body; caches for at least 60 s', async () => {
        const first = await get(`/images/${wide.id}?w=256&q=50`, { accept: 'image/webp' });
        const etag = first.headers.get('etag') ?? '';
        expect(etag).toMatch(/^"[^"]+"$/); // strong: no W/ prefix
        const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1]);
        expect(maxAge).toBeGreaterThanOrEqual(60);
        const again = await get(`/images/${wide.id}?w=256&q=50`, {
          accept: 'image/webp',
          'if-none-match': etag,
        });
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(await again.text()).toBe('');
        const otherFormat = await get(`/images/${wide.id}?w=256&q=50`, {
          accept: 'image/avif',
          'if-none-match': etag,
        });
        expect(otherFormat.status).toBe(200);
        expect(otherFormat.headers.get('etag')).not.toBe(etag);
      });

      it('keeps rendered variants in the disk cache and serves them from it', async () => {
        const dir = server.services.config.imageCache.dir;
        const path = `/images/${wide.id}?w=384&q=90`;
        const cold = Buffer.from(await (await get(path, { accept: 'image/webp' })).arrayBuffer());
        const file = `${wide.id}-w384-q90.webp`;
        expect(readdirSync(dir)).toContain(file);
        const warm = Buffer.from(await (await get(path, { accept: 'image/webp' })).arrayBuffer());
        expect(warm.equals(cold)).toBe(true);
        expect(server.services.images.cacheSize().entries).toBeGreaterThan(0);
        expect(join(dir, file)).toContain(dir);
      });
    });
  });
});

/**
 * What rendering costs a client and the server (docs/profiles.md, "Limits"):
 * uncached renders counted per client address (in memory, and in Redis
 * where instances share the count), a full renders queue refused at once,
 * and uploads in a queue of their own. Not storage: SQLite only.
 */
describe.each([
  { name: 'in memory', redis: false },
  { name: 'in Redis', redis: true },
])('image render limits, counted $name', ({ redis }) => {
  let server: TestServer;
  let client: TestClient;
  let image: Avatar;
  let redisAvailable = true;
  /** Each test's own client address: counts in a shared Redis never meet another run's. */
  const newClient = () =>
    `198.51.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;

  beforeAll(async () => {
    redisAvailable = !redis || (await serviceAvailable('Redis'));
    if (!redisAvailable) return;
    server = await startTestServer({
      env: {
        IMAGE_RENDERS_PER_MINUTE: '2',
        TRUST_PROXY: '1',
        ...(redis && { REDIS_URL }),
      },
    });
    client = new TestClient(server);
    const key = privateKeyToAccount(generatePrivateKey());
    const signedIn = await client.signInAs(key, {
      issuedAt: new Date(server.clock()).toISOString(),
    });
    if (!signedIn.data) throw new Error(JSON.stringify(signedIn.errors));
    const result = await uploadFile(client, SET_AVATAR, await solid(700, 100).png().toBuffer());
    const avatar = result.data?.setAvatar.avatar;
    if (!avatar) throw new Error(result.text);
    image = avatar;
  });
  afterAll(() => server?.close());

  const get = (path: string, from: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      headers: { accept: 'image/webp', 'x-forwarded-for': from, ...headers },
    });

  it('answers a client over its uncached renders with 429 and Retry-After; cached variants still flow', async (context) => {
    if (!redisAvailable) return context.skip();
    const greedy = newClient();
    expect((await get(`/images/${image.id}?w=128`, greedy)).status).toBe(200);
    expect((await get(`/images/${image.id}?w=256`, greedy)).status).toBe(200);
    const refused = await get(`/images/${image.id}?w=384`, greedy);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.json()).toMatchObject({ statusCode: 429, retryAfterSeconds: retryAfter });
    // Rendered already: served from the cache, not counted.
    const cached = await get(`/images/${image.id}?w=128`, greedy);
    expect(cached.status).toBe(200);
    // Another client's count is its own.
    expect((await get(`/images/${image.id}?w=384`, newClient())).status).toBe(200);
    // And once rendered for anyone, the refused client gets it from the cache.
    expect((await get(`/images/${image.id}?w=384`, greedy)).status).toBe(200);
  });

  it('answers at once with 503 and Retry-After when the renders queue is full', async (context) => {
    if (!redisAvailable) return context.skip();
    const renders = server.services.images.queues.renders;
    const held = holdFull(renders, RENDER_QUEUE_LENGTH);
    try {
      const started = renders.stats.started;
      const refused = await get(`/images/${image.id}?w=512`, newClient());
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe(String(IMAGE_BUSY_RETRY_AFTER_SECONDS));
      expect(await refused.json()).toMatchObject({
        statusCode: 503,
        retryAfterSeconds: IMAGE_BUSY_RETRY_AFTER_SECONDS,
      });
      expect(renders.stats).toMatchObject({ started, waiting: RENDER_QUEUE_LENGTH });
    } finally {
      await held.release();
    }
  });

  it('completes an upload while the renders queue is full of held renders', async (context) => {
    if (!redisAvailable) return context.skip();
    const renders = server.services.images.queues.renders;
    const held = holdFull(renders, RENDER_QUEUE_LENGTH);
    try {
      const result = await uploadFile(client, SET_AVATAR, await solid(64, 64).png().toBuffer());
      expect(result.data?.setAvatar.avatar).toMatchObject({ width: 64, height: 64 });
      // Every render is still held: the upload went past none of them, it never queued behind them.
      expect(renders.stats).toMatchObject({
        running: renders.options.maxRunning,
        waiting: RENDER_QUEUE_LENGTH,
      });
    } finally {
      await held.release();
    }
  });

  it('answers an upload with RATE_LIMITED and retryAfterSeconds when the uploads queue is full', async (context) => {
    if (!redisAvailable) return context.skip();
    const uploads = server.services.images.queues.uploads;
    const held = holdFull(uploads, UPLOAD_QUEUE_LENGTH);
    try {
      const result = await uploadFile(client, SET_AVATAR, await solid(64, 64).png().toBuffer());
      expect(errorCode(result)).toBe('RATE_LIMITED');
      expect(result.errors?.[0]?.extensions?.retryAfterSeconds).toBe(
        IMAGE_BUSY_RETRY_AFTER_SECONDS,
      );
      expect(result.errors?.[0]?.message).toBe(
        `Image processing is busy; try again in ${IMAGE_BUSY_RETRY_AFTER_SECONDS} seconds.`,
      );
    } finally {
      await held.release();
    }
  });
});
