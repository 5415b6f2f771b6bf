import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { IMAGE_CACHE_CONTROL } from './image-limits.js';
import { findImageMeta } from './image-store.js';
import { variantEtag, variantFor } from './image-variants.js';
import { negotiateFormat, VARIANT_CONTENT_TYPES } from './negotiate-format.js';
import { parseVariantParameters, VariantParameterError } from './variant-parameters.js';

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
 * the image's row without reading or rendering any bytes.
 */
export function registerImageRoute(app: FastifyInstance, services: Services) {
  app.get<{ Params: { id: string }; Querystring: Record<string, string | string[]> }>(
    '/images/:id',
    async (req, reply) => {
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
      const image = await findImageMeta(services.db, req.params.id);
      if (!image) {
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'No such image.' });
      }
      const variant = variantFor(image, params, negotiateFormat(req.headers.accept, image.format));
      const etag = variantEtag(image, variant);
      reply
        .header('vary', 'Accept')
        .header('cache-control', IMAGE_CACHE_CONTROL)
        .header('etag', etag);
      if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      const data = await services.images.render(image, variant);
      if (!data) {
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'No such image.' });
      }
      return reply.type(VARIANT_CONTENT_TYPES[variant.format]).send(data);
    },
  );
}
