import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { clientKey } from '../http/client-address.js';
import type { Services } from '../services.js';
import { IMAGE_CACHE_CONTROL } from './image-limits.js';
import { findImageMeta } from './image-store.js';
import { assertRenderable, ImageTooLargeError, variantEtag, variantFor } from './image-variants.js';
import { negotiateFormat, VARIANT_CONTENT_TYPES } from './negotiate-format.js';
import { QueueFullError } from './pixel-queue.js';
import { parseVariantParameters, VariantParameterError } from './variant-parameters.js';

/** A refusal the client may retry: never cached, with the wait in seconds. */
function busy(reply: FastifyReply, status: 429 | 503, retryAfterSeconds: number, message: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('retry-after', String(retryAfterSeconds))
    .send({
      statusCode: status,
      error: status === 429 ? 'Too Many Requests' : 'Service Unavailable',
      message,
      retryAfterSeconds,
    });
}

/** Whether an If-None-Match header names this ETag (or is `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * GET /images/:id?w=&q= (docs/profiles.md): a variant of a stored image. `w` is
 * required (there is no unsized original to fetch), both from the
 * specification's lists; the format follows Accept. A 304 is answered from
 * the image's row without reading or rendering any bytes, a cached variant
 * from the disk cache. Only a variant not in the cache costs a render, and
 * those are counted per client (IMAGE_RENDERS_PER_MINUTE: 429 beyond it) and
 * wait in a bounded line (503 when it is full); both say Retry-After.
 */
export const serveImages: FastifyPluginAsync<{
  services: Pick<Services, 'clock' | 'db' | 'images' | 'metrics'>;
}> = async (app, { services }) => {
  app.get<{ Params: { id: string }; Querystring: Record<string, string | string[]> }>(
    '/images/:id',
    async (req, reply) => {
      // The image first: an unknown or malformed id is "No such image" whatever the
      // parameters say, not a complaint about `w` (a malformed id costs no query).
      const image = await findImageMeta(services.db, req.params.id);
      if (!image) {
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'No such image.' });
      }
      let params: ReturnType<typeof parseVariantParameters>;
      try {
        params = parseVariantParameters(req.query.w, req.query.q);
      } catch (error) {
        if (!(error instanceof VariantParameterError)) throw error;
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          parameter: error.parameter,
          message: error.message,
        });
      }
      const variant = variantFor(image, params, negotiateFormat(req.headers.accept, image.format));
      const etag = variantEtag(image, variant);
      reply.header('vary', 'Accept');
      const cacheable = () =>
        reply.header('cache-control', IMAGE_CACHE_CONTROL).header('etag', etag);
      if (matches(req.headers['if-none-match'], etag)) return cacheable().code(304).send();
      let data = await services.images.cached(image, variant);
      if (!data) {
        try {
          // Before counting: a refused original costs the client no render.
          assertRenderable(image);
          const decision = await services.images.renderLimiter.hit(
            `imageRender:${clientKey(req.ip)}`,
            services.clock(),
          );
          if (!decision.allowed) {
            services.metrics.rateLimitRefused('imageRender');
            return busy(
              reply,
              429,
              decision.retryAfterSeconds,
              'Too many new image sizes rendered for this client. Try again later.',
            );
          }
          data = await services.images.render(image, variant);
        } catch (error) {
          if (error instanceof QueueFullError) {
            return busy(
              reply,
              503,
              error.retryAfterSeconds,
              'Too many images are being rendered. Try again later.',
            );
          }
          if (error instanceof ImageTooLargeError) {
            return reply
              .code(422)
              .send({ statusCode: 422, error: 'Unprocessable Entity', message: error.message });
          }
          throw error;
        }
      }
      if (!data) {
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'No such image.' });
      }
      return cacheable().type(VARIANT_CONTENT_TYPES[variant.format]).send(data);
    },
  );
};
