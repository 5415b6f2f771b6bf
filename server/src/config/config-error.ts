/**
 * A configuration Sigil refuses to start with: the variable, and what is
 * wrong with it, as the one line an operator reads.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(
    /** The variable to fix, e.g. `PORT` or `RPC_URL_1`. */
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}
