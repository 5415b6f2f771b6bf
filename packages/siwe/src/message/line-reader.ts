import type { InvalidMessageError } from '../errors/siwe.js';

/** Builds the error of one message family from a short reason. */
export type InvalidMessage = (reason: string) => InvalidMessageError;

/**
 * Reads a sign-in message line by line, in the order its grammar mandates.
 * EIP-4361 and Sign In With Solana share the "Label: value" fields, so both
 * parsers read with it, each throwing its own family's error.
 */
export class LineReader {
  private index = 0;
  constructor(
    private readonly lines: readonly string[],
    private readonly invalid: InvalidMessage,
  ) {}

  get lineNumber(): number {
    return this.index + 1;
  }

  get atEnd(): boolean {
    return this.index >= this.lines.length;
  }

  peek(offset = 0): string | undefined {
    return this.lines[this.index + offset];
  }

  take(): string | undefined {
    return this.lines[this.index++];
  }

  takeEmpty(after: string): void {
    const line = this.take();
    if (line !== '') throw this.invalid(`line ${this.index} must be empty (after the ${after})`);
  }

  /** The value of a mandatory "Label: value" line. */
  takeField(label: string): string {
    const line = this.peek();
    if (line === undefined) throw this.invalid(`the "${label}: …" line is missing`);
    const value = this.takeOptionalField(label);
    if (value === undefined) {
      throw this.invalid(`line ${this.lineNumber} must be "${label}: …"`);
    }
    return value;
  }

  /** The value of an optional "Label: value" line, when it is the next line. */
  takeOptionalField(label: string): string | undefined {
    const prefix = `${label}: `;
    const line = this.peek();
    if (line === undefined || !line.startsWith(prefix)) return undefined;
    this.index++;
    return line.slice(prefix.length);
  }
}
