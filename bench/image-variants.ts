import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { uploadFile } from '../server/test/support/upload-file.js';
import { describeErrors, GraphQLClient } from '../testing/graphql-client.js';
import { repoRoot } from '../testing/repo-root.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import { prepareSignedMessages } from './sign-in/prepare-signed-messages.js';
import { median, percentile } from './support/percentile.js';
import { type Skipped, skipped } from './support/skipped.js';

/**
 * Image variants: the image endpoint and the public profile page.
 *
 * - Resized variants per second, **cold** (the first request of each width ×
 *   quality: decoded from the original in the database, resized, encoded,
 *   written to the disk cache; as WebP, then as AVIF) **against warm** (the
 *   WebP requests again, served from the disk cache), over one photo-like
 *   2400×1600 JPEG avatar, 4 requests in flight.
 * - Time to first byte of `/u/<address>` (a public profile with an avatar:
 *   two database reads and the rendered head) **against** `/healthz` and the
 *   plain index `/`, requests interleaved so load changes hit all three alike.
 */
export type ImageVariantsResult = ImageVariantsFigures | Skipped<'image-variants'>;

type ImageVariantsFigures = {
  bench: 'image-variants';
  variants: number;
  /** WebP: what a browser without AVIF gets. */
  cold: { perSecond: number; p50Ms: number; p95Ms: number };
  /** AVIF: what Chromium, Firefox and Safari ask for first. */
  coldAvif: { perSecond: number; p50Ms: number; p95Ms: number };
  warm: { perSecond: number; p50Ms: number; p95Ms: number };
  ttfb: {
    requests: number;
    profilePage: { p50: number; p95: number };
    index: { p50: number; p95: number };
    healthz: { p50: number; p95: number };
  };
};

const UNREACHABLE_RPC = 'http://127.0.0.1:9';
const WIDTHS = [640, 768, 1024, 1280, 1600, 128, 256, 384, 512];
const QUALITIES = [40, 50, 75, 85, 90, 95];
const IN_FLIGHT = 4;
const TTFB_ROUNDS = Number(process.env.BENCH_TTFB_REQUESTS ?? 300);

/** Fetches every URL, `IN_FLIGHT` at a time, checking each answer is a 200 of `contentType`. */
async function timedAll(urls: string[], headers: Record<string, string>, contentType: string) {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const t0 = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      const type = response.headers.get('content-type');
      if (response.status !== 200 || type !== contentType) {
        throw new Error(`${url} answered ${response.status} ${type}, not 200 ${contentType}`);
      }
      durations.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    perSecond: urls.length / seconds,
    p50Ms: percentile(durations, 50),
    p95Ms: percentile(durations, 95),
  };
}

/** Milliseconds until the response's headers arrive (fetch resolves then); the body is drained after. */
async function timeToFirstByte(url: string): Promise<number> {
  const t0 = performance.now();
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  const ttfb = performance.now() - t0;
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return ttfb;
}

export async function runImageVariants(
  log: (line: string) => void = (line) => console.log(line),
): Promise<ImageVariantsResult> {
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
    return skipped('image-variants', 'web/dist/index.html is missing: run `npm run build`', log);
  }
  const server = await startBuiltServer({
    chains: [{ id: 31337, rpcUrl: UNREACHABLE_RPC }],
    runtime: newestServerRuntime(),
    // One client renders all 108 cold variants: past the default per-client
    // limit of uncached renders (IMAGE_RENDERS_PER_MINUTE), which is not what this measures.
    env: { IMAGE_RENDERS_PER_MINUTE: '100000' },
  });
  try {
    const target = { url: server.url, origin: server.url };
    const [signed] = await prepareSignedMessages({ url: server.url, count: 1 });
    if (!signed) throw new Error('no signed message');
    const client = new GraphQLClient(target);
    const signIn = await client.request(
      'mutation($m: String!, $s: String!) { signIn(message: $m, signature: $s) { session { id } } }',
      { m: signed.message, s: signed.signature },
    );
    if (signIn.errors) throw new Error(`signIn failed: ${describeErrors(signIn)}`);

    // Photo-like content (noise), so encoders work as hard as on a real photo.
    const photo = await sharp({
      create: {
        width: 2400,
        height: 1600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .blur(2)
      .jpeg({ quality: 90 })
      .toBuffer();
    const upload = await uploadFile<{ setAvatar: { avatar: { id: string } } }>(
      client,
      'mutation($file: File!) { setAvatar(file: $file) { avatar { id } } }',
      photo,
      { name: 'photo.jpg', type: 'image/jpeg' },
    );
    const imageId = upload.data?.setAvatar.avatar.id;
    if (!imageId) throw new Error(`setAvatar failed: ${upload.text.slice(0, 300)}`);
    const published = await client.request(
      `mutation($a: Address!) {
        updateProfile(input: { displayName: "Bench", bio: "Benchmarking.", public: true }) { public }
        setWalletVisibility(address: $a, public: true) { public }
      }`,
      { a: signed.address },
    );
    if (published.errors) throw new Error(`publishing failed: ${describeErrors(published)}`);

    const urls = WIDTHS.flatMap((w) =>
      QUALITIES.map((q) => `${server.url}/images/${imageId}?w=${w}&q=${q}`),
    );
    log(
      `  ${urls.length} variants (9 widths × 6 qualities, WebP) of a 2400×1600 JPEG, ${IN_FLIGHT} in flight`,
    );
    const accept = { accept: 'image/webp,*/*' };
    const cold = await timedAll(urls, accept, 'image/webp');
    log(`  cold WebP: ${cold.perSecond.toFixed(1)} variants/s (p50 ${cold.p50Ms.toFixed(1)} ms)`);
    const coldAvif = await timedAll(urls, { accept: 'image/avif,image/webp,*/*' }, 'image/avif');
    log(
      `  cold AVIF: ${coldAvif.perSecond.toFixed(1)} variants/s (p50 ${coldAvif.p50Ms.toFixed(1)} ms)`,
    );
    const warmRounds = [];
    for (let round = 0; round < 3; round++)
      warmRounds.push(await timedAll(urls, accept, 'image/webp'));
    const warm = warmRounds.sort((a, b) => a.perSecond - b.perSecond)[1] as typeof cold;
    log(
      `  warm: ${warm.perSecond.toFixed(1)} variants/s (p50 ${warm.p50Ms.toFixed(1)} ms, median of 3 rounds)`,
    );

    const pages = {
      profilePage: `${server.url}/u/${signed.address}`,
      index: `${server.url}/`,
      healthz: `${server.url}/healthz`,
    };
    const head = await (await fetch(pages.profilePage)).text();
    if (!head.includes('og:image')) throw new Error('the profile page head has no og:image');
    const times = { profilePage: [] as number[], index: [] as number[], healthz: [] as number[] };
    for (let i = 0; i < 20; i++) for (const url of Object.values(pages)) await timeToFirstByte(url);
    for (let i = 0; i < TTFB_ROUNDS; i++) {
      for (const [name, url] of Object.entries(pages)) {
        times[name as keyof typeof times].push(await timeToFirstByte(url));
      }
    }
    const summary = (values: number[]) => ({ p50: median(values), p95: percentile(values, 95) });
    const ttfb = {
      requests: TTFB_ROUNDS,
      profilePage: summary(times.profilePage),
      index: summary(times.index),
      healthz: summary(times.healthz),
    };
    log(
      `  TTFB p50: /u/<address> ${ttfb.profilePage.p50.toFixed(2)} ms, / ${ttfb.index.p50.toFixed(2)} ms, /healthz ${ttfb.healthz.p50.toFixed(2)} ms`,
    );
    return { bench: 'image-variants', variants: urls.length, cold, coldAvif, warm, ttfb };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await runImageVariants(), null, 2));
  process.exit(0);
}
