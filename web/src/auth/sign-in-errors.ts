/** A sign-in message could not be prepared (no nonce, no parameters, a chain the server refuses). */
export class SignInPreparationError extends Error {
  override readonly name = 'SignInPreparationError';

  constructor(details: string, options?: { cause?: unknown }) {
    super(`Cannot prepare the sign-in message: ${details}`, options);
  }
}
