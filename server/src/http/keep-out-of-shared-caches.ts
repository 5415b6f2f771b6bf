import type { FastifyInstance, FastifyReply } from 'fastify';
import { varyBy } from './vary-by.js';

/**
 * An answer the session cookie decides (a signed-in GraphQL result, the
 * audit log, an OpenID Connect interaction) is for its browser alone: no
 * shared cache in front of Sigil may keep it (`private`), no cache at all
 * may store it (`no-store`: it may name the account, its sessions, its
 * wallets), and a cache that keys by URL learns that the cookie changes it
 * (`Vary: Cookie`). docs/operations.md, "Caching".
 */
export function markSessionDependent(reply: FastifyReply): FastifyReply {
  reply.header('cache-control', 'private, no-store');
  varyBy(reply, 'cookie');
  return reply;
}

/**
 * Every answer of the calling plugin's scope is marked, refusals and errors
 * included: in onSend, after whatever the route set (Yoga's `no-cache` on an
 * event stream), before the head is written.
 */
export function keepAnswersOutOfSharedCaches(app: FastifyInstance): void {
  // A callback hook, not an async one: every GraphQL answer passes here, and
  // a promise per answer is a cost every `me` pays (bench/README.md, §5).
  app.addHook('onSend', (_req, reply, payload, done) => {
    markSessionDependent(reply);
    done(null, payload);
  });
}
