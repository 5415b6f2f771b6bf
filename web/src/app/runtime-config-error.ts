/** The server's `/api/config` could not be fetched or does not describe a usable deployment. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';

  constructor(details: string, options?: { cause?: unknown }) {
    super(`Runtime configuration unusable: ${details}`, options);
  }
}
