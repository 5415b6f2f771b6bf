import fp from 'fastify-plugin';
import { unstorableText } from '../store/storable-text.js';

/** Runs of percent-encoded bytes: each must decode to UTF-8 the database can store. */
const ENCODED_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/**
 * Whether the URL (path and query) carries text no database stores: an
 * encoded NUL, bytes that are not UTF-8 (a lone surrogate's included). A
 * stray `%` that encodes nothing is left to the routes, as before.
 */
export function urlHoldsUnstorableText(url: string): boolean {
  for (const [run] of url.matchAll(ENCODED_RUN)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(run);
    } catch {
      return true;
    }
    if (unstorableText(decoded)) return true;
  }
  return unstorableText(url) !== undefined;
}

/**
 * Text in a URL that the database cannot store (docs/api.md, "Other HTTP
 * routes") is a 400 on every route before any of them reads it: image ids,
 * profile pages, the audit log export's bounds, the OpenID Connect
 * provider's parameters (its own handler, past Fastify's routes, meets the
 * database too). Without it PostgreSQL's refusal of a NUL was a 500. A hook
 * every route shares: fastifyPlugin.
 */
export const rejectUnstorableUrl = fp(
  async (app) => {
    // A callback hook: every request passes here, and an async one costs a promise each.
    app.addHook('onRequest', (req, reply, done) => {
      if (!urlHoldsUnstorableText(req.url)) return done();
      reply.code(400).header('cache-control', 'no-store').send({
        error: 'Bad Request',
        message: 'The URL holds a NUL character or bytes that are not UTF-8.',
      });
    });
  },
  { name: 'sigil-reject-unstorable-url', fastify: '5.x' },
);
