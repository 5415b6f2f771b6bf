type SchedulerWithYield = { yield?: () => Promise<void> };

/**
 * Ends the current task and resumes in a new one, ahead of other queued work
 * where the browser has `scheduler.yield`: between two long steps of the
 * start-up, so a tap or a frame gets in between and neither step is counted
 * with the other as one long task (docs/web-app.md, "Where the main thread's
 * time goes").
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
