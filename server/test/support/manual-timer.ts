import type { Every } from '../../src/housekeeping/schedule-housekeeping.js';

/**
 * A timer the test fires by hand, in place of housekeeping's five minutes:
 * `timer.fire()` runs the scheduled task once and resolves when that run is
 * done; `every` is what `scheduleHousekeeping` and `buildApp` take.
 */
export function manualTimer() {
  const timer = {
    intervalMs: 0,
    fire: (): Promise<void> => Promise.reject(new Error('nothing is scheduled yet')),
    cancelled: false,
  };
  const every: Every = (ms, task) => {
    timer.intervalMs = ms;
    timer.fire = task;
    return () => {
      timer.cancelled = true;
    };
  };
  return { timer, every };
}
