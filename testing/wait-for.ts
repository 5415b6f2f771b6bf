import { failureBound } from './failure-bound.js';

/**
 * Resolves once `condition()` holds (it may ask the database: a promise), checking every few milliseconds; throws
 * when `timeoutMs` passes first. The deadline is a failure bound only: the
 * wait ends the moment the state it waits for is true, so a loaded machine
 * makes a test slower, never wrong.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = failureBound(10_000),
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
