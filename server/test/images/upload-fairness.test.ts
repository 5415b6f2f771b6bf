import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_BUSY_RETRY_AFTER_SECONDS,
  UPLOADS_PER_CLIENT,
} from '../../src/images/image-limits.js';
import { errorCode } from '../support/graphql-client.js';
import { newKey, profileOf, SET_AVATAR, signedIn } from '../support/profile-requests.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { uploadFile } from '../support/upload-file.js';

/** A few hundred bytes that decode to 16 megapixels: the review's expensive image, seconds to ingest. */
let expensive: Buffer;
let tiny: Buffer;
beforeAll(async () => {
  expensive = await sharp({
    create: { width: 4000, height: 4000, channels: 3, background: '#123456' },
  })
    .avif({ effort: 0 })
    .toBuffer();
  tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4f46e5' } })
    .png()
    .toBuffer();
}, 60_000);

/**
 * One client cannot hold the uploads queue (docs/profiles.md, "Decoding is
 * charged by pixels"): it has at most UPLOADS_PER_CLIENT places, waiting or
 * running, its next upload is refused as busy, and another client's upload is
 * started before its second. Not storage: SQLite only.
 */
describe('the uploads queue shared fairly between clients', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => server?.close());

  it("refuses a client's upload beyond its share as busy, and stores another client's tiny upload first", async () => {
    const uploads = server.services.images.queues.uploads;
    const greedy = { client: await signedIn(server, newKey()), address: '198.51.100.7' };
    const other = { client: await signedIn(server, newKey()), address: '203.0.113.9' };
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

    // Which client's decode starts when, recorded as the queue starts it.
    const started: string[] = [];
    const run = uploads.run.bind(uploads);
    uploads.run = (pixels, work, client) =>
      run(
        pixels,
        () => {
          started.push(client ?? '');
          return work();
        },
        client,
      );

    // The only decode place is held (by a third client) until the test opens
    // it, so what waits, and in which order, is state, not timing.
    let open!: () => void;
    const held = uploads.run(1, () => new Promise<void>((resolve) => (open = resolve)), 'held');

    const greedyUploads = Array.from({ length: UPLOADS_PER_CLIENT }, () =>
      uploadFile(greedy.client, SET_AVATAR, expensive, from(greedy.address)),
    );
    await expect
      .poll(() => uploads.placesOf(greedy.address), { timeout: 30_000 })
      .toBe(UPLOADS_PER_CLIENT);

    const refused = await uploadFile(greedy.client, SET_AVATAR, tiny, from(greedy.address));
    expect(errorCode(refused)).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.extensions?.retryAfterSeconds).toBe(IMAGE_BUSY_RETRY_AFTER_SECONDS);
    expect(refused.errors?.[0]?.message).toBe(
      `Image processing is busy; try again in ${IMAGE_BUSY_RETRY_AFTER_SECONDS} seconds.`,
    );

    const otherUpload = uploadFile(other.client, SET_AVATAR, tiny, from(other.address));
    await expect.poll(() => uploads.placesOf(other.address), { timeout: 30_000 }).toBe(1);
    open();
    await held;

    const stored = await otherUpload;
    expect(stored.errors).toBeUndefined();
    expect(stored.data?.setAvatar.avatar).toMatchObject({ width: 8, height: 8 });
    expect((await profileOf(other.client)).avatar?.id).toBe(stored.data?.setAvatar.avatar?.id);
    // The other client waited for one greedy decode, never for the greedy client's second.
    const results = await Promise.all(greedyUploads);
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined]);
    expect(started).toEqual(['held', greedy.address, other.address, greedy.address]);
  }, 60_000);
});
