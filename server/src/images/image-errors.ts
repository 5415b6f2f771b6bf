import { BadUserInputError } from '../errors.js';

/** An upload that is not an image Sigil accepts; the message says why, naming the field. */
export class ImageRejectedError extends BadUserInputError {}
