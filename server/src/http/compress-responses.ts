import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import { varyBy } from './vary-by.js';

/**
 * Below this a compressed body saves less than a round trip's worth of bytes
 * and costs CPU on every request. @default 1024
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text, scripts, JSON, XML: what this server or the build may send compressed. Never event streams. */
const COMPRESSIBLE_TYPE = /^text\/(?!event-stream)|javascript|json|xml|\+text|svg/i;

/**
 * What the plugin compresses beyond mime-db's list: its own default pattern,
 * plus JSON Lines (the audit log export, docs/administration.md), which
 * mime-db does not know.
 */
const COMPRESSED_BY_PLUGIN =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)|\/x-ndjson(?:;|$)/i;

/**
 * Compresses what the server renders per request: GraphQL results, index.html
 * with a profile's head (`/u/<address>`), JSON of the plain routes. The web
 * build's own files are compressed once at build time and sent as they are
 * (web-app.ts, `preCompressed`); a body that already has a Content-Encoding is
 * left alone. Registered before any route: @fastify/compress attaches itself
 * to each route as it is added (an onRoute hook), so a route added before it
 * would never be compressed.
 *
 * Brotli at quality 5, not Node's default 11: a per-request body must not hold
 * the event loop for milliseconds (docs/web-app.md, "First-visit delivery").
 * Event streams and multipart (incremental delivery) are never compressed, so
 * they are not buffered; websockets never pass through `onSend`. Request
 * bodies are not inflated: a compressed upload would slip past the body limit.
 * Its hooks are every route's: fastifyPlugin.
 */
export const compressResponses = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      customTypes: COMPRESSED_BY_PLUGIN,
      globalDecompression: false,
      threshold: COMPRESSION_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
      zlibOptions: { level: 6 },
    });
    // Identity answers too: a shared cache must not hand the copy it kept for a
    // brotli client to one that asked for none (or the reverse). Images are sent
    // as they are and vary by Accept only (images/serve-images.ts).
    app.addHook('onSend', async (_req, reply, payload) => {
      if (COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
        varyBy(reply, 'accept-encoding');
      }
      return payload;
    });
  },
  { name: 'sigil-compress-responses', fastify: '5.x' },
);
