import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES } from './upload-limit.js';

/**
 * The body limit of a multipart request to /graphql: the largest upload plus
 * 64 KiB for the operation, the map and the part headers. Every other
 * request keeps app.ts's BODY_LIMIT_BYTES.
 */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * GraphQL multipart requests (graphql-multipart-request-spec), added to
 * /graphql's own scope (serve-graphql.ts), so no other route parses one:
 * they answer 415, as for any type they do not take. Fastify reads the body
 * up to UPLOAD_BODY_LIMIT_BYTES (a larger one is refused by its
 * Content-Length, or as soon as it passes the limit, and answered 413 by
 * answer-body-too-large.ts) and hands Yoga the buffer, which Yoga parses
 * into `File`s. Yoga's CSRF rule still applies: multipart is a "simple"
 * content type, so such a request must carry a non-simple header
 * (`x-graphql-yoga-csrf` or `apollo-require-preflight`), which only the same
 * origin can send without a preflight.
 */
export function acceptUploadsOnGraphQL(app: FastifyInstance) {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT_BYTES },
    (_req, body, done) => done(null, body),
  );
}
