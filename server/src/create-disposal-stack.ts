import type { Logger } from 'pino';

/** Releases one resource; may be synchronous. */
export type Closer = () => unknown;

export type DisposalStack = {
  /**
   * Pushes the closer of a resource just opened: it runs before every closer
   * pushed earlier, so a resource closes before what it was built on.
   */
  defer(resource: string, close: Closer): void;
  /**
   * Runs `open`, which opens resources and pushes their closers. If it
   * throws half-way, what it had opened is closed (last first) and its error
   * goes on: a start that fails leaves nothing open behind it.
   */
  openAll<T>(open: () => Promise<T>): Promise<T>;
  /**
   * Runs every closer, last pushed first, each once. A closer that throws is
   * logged and the others still run; once all have, the returned promise
   * rejects with an AggregateError of the failures (a shutdown that left
   * something open is not a clean one). Calling it again returns the same
   * promise.
   */
  close(): Promise<void>;
};

/**
 * The services' lifecycle in one place (docs/architecture.md, "Plugins and
 * lifecycle"): each resource opened pushes its closer, and closing runs them
 * in reverse. A small stack rather than `AsyncDisposableStack`, which Node 20
 * does not have.
 */
export function createDisposalStack(logger: Pick<Logger, 'debug' | 'error'>): DisposalStack {
  const closers: { resource: string; close: Closer }[] = [];
  let closed: Promise<void> | undefined;

  async function closeAll(): Promise<void> {
    const failures: unknown[] = [];
    for (let next = closers.pop(); next; next = closers.pop()) {
      try {
        await next.close();
        logger.debug({ resource: next.resource }, `closed ${next.resource}`);
      } catch (error) {
        failures.push(error);
        logger.error({ err: error, resource: next.resource }, `closing ${next.resource} failed`);
      }
    }
    if (failures.length > 0) {
      throw new AggregateError(failures, `${failures.length} resource(s) failed to close`);
    }
  }

  const stack: DisposalStack = {
    defer(resource, close) {
      // Pushed after closing began, it would never run: a resource left open.
      if (closed) throw new Error(`${resource} was opened after its disposal stack closed`);
      closers.push({ resource, close });
    },
    async openAll(open) {
      try {
        return await open();
      } catch (error) {
        // Each failure to close is logged; the start's own error is the one to report.
        await stack.close().catch(() => undefined);
        throw error;
      }
    },
    close() {
      closed ??= closeAll();
      return closed;
    },
  };
  return stack;
}
