import { createRateLimiter } from '../auth/rate-limit/rate-limiter.js';
import type { SigilModule } from '../sigil-module.js';
import { imageResolvers } from './image-resolvers.js';
import { createImageVariants, type ImageVariants } from './image-variants.js';
import { serveImages } from './serve-images.js';

declare module '../services.js' {
  interface Services {
    /** Resized image variants, cached on local disk. */
    images: ImageVariants;
  }
}

/** Uploaded images and their resized variants (docs/profiles.md). */
export const imagesModule: SigilModule = {
  name: 'images',
  async openServices({ services: { config, logger, db }, defer }) {
    // A limiter of its own: renders have their own rate (IMAGE_RENDERS_PER_MINUTE).
    const renderLimiter = createRateLimiter({
      limitPerMinute: config.imageRendersPerMinute,
      redisUrl: config.redisUrl,
      logger,
    });
    // `images.close()` closes only this limiter: it is on the stack from here,
    // so a cache that fails to open does not leave it connected.
    defer('image render limiter', () => renderLimiter.close());
    const images = await createImageVariants({
      db,
      cacheDir: config.imageCache.dir,
      cacheMaxBytes: config.imageCache.maxBytes,
      logger,
      renderLimiter,
    });
    return { images };
  },
  resolvers: [imageResolvers],
  routes(app, services) {
    app.register(serveImages, { services });
  },
};
