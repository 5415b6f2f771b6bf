import { BadUserInputError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { imageUrl } from './image-url.js';
import { parseVariantParameters, VariantParameterError } from './variant-parameters.js';

/** The Image type: its size and the absolute URL of each allowed variant. */
export const imageResolvers: Resolvers = {
  Image: {
    id: (image) => image.id,
    width: (image) => image.width,
    height: (image) => image.height,
    url(image, args, context) {
      try {
        const variant = parseVariantParameters(args.width, args.quality, {
          width: 'width',
          quality: 'quality',
        });
        return imageUrl(context.services.config.publicUrl, image.id, variant);
      } catch (error) {
        if (error instanceof VariantParameterError) throw new BadUserInputError(error.message);
        throw error;
      }
    },
  },
};
