/** A build step exited with an error; `output` is everything it printed, for the operator. */
export class BuildFailedError extends Error {
  constructor(
    readonly part: string,
    readonly exitCode: number | null,
    readonly output: string,
  ) {
    super(`building ${part} failed (exit code ${exitCode}):\n${output}`);
    this.name = 'BuildFailedError';
  }
}
