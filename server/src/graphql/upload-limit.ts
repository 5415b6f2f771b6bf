/** The largest file the GraphQL transport accepts in a multipart upload (an image: images/image-limits.ts). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** What a client is told of a file over MAX_UPLOAD_BYTES, however far over it is. */
export const UPLOAD_TOO_LARGE_MESSAGE = `file must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB.`;
