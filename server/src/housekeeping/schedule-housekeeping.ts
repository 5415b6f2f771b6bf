import type { Services } from '../services.js';
import { runHousekeeping } from './run-housekeeping.js';

/** How often housekeeping runs on each instance. */
export const HOUSEKEEPING_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Calls `task` every `ms` until the returned function is called. A task
 * returns the run it started (or the one still going), so a timer fired by
 * hand in a test can await it rather than poll.
 */
export type Every = (ms: number, task: () => Promise<void>) => () => void;

/** Real time: an unref'd interval, which never keeps the process alive. */
export const everyInterval: Every = (ms, task) => {
  const timer = setInterval(() => void task(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

export type ScheduleHousekeepingParameters = {
  /** @default HOUSEKEEPING_INTERVAL_MS */
  intervalMs?: number;
  /** The timer; tests pass one they fire by hand. @default everyInterval */
  every?: Every;
  /** Rows per delete statement. @default 500 */
  batchSize?: number;
};

export type HousekeepingSchedule = {
  /** Resolves once no run is in progress; the schedule stays on. */
  idle(): Promise<void>;
  /** Stops the schedule and waits for a run in progress to stop at its next batch. */
  stop(): Promise<void>;
};

/**
 * Runs housekeeping every `intervalMs`, one run at a time (a tick that finds
 * the previous run still going is skipped). Every instance runs its own
 * schedule: the deletes are idempotent and bounded, so instances sharing a
 * database need no lock between them, and any one of them left keeps the
 * tables clean. A failed run (the database down) is logged and counted; the
 * next tick tries again.
 */
export function scheduleHousekeeping(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'metrics' | 'logger'>,
  p: ScheduleHousekeepingParameters = {},
): HousekeepingSchedule {
  const { logger, metrics } = services;
  let stopped = false;
  let running: Promise<void> | undefined;

  const tick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) return running;
    running = runHousekeeping(services, {
      ...(p.batchSize !== undefined && { batchSize: p.batchSize }),
      stopped: () => stopped,
    })
      .then((report) => {
        logger.debug({ deleted: report }, 'housekeeping done');
      })
      .catch((error: unknown) => {
        metrics.housekeepingFailed();
        logger.warn({ err: error }, 'housekeeping failed; the next run tries again');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const cancel = (p.every ?? everyInterval)(p.intervalMs ?? HOUSEKEEPING_INTERVAL_MS, tick);

  return {
    idle: async () => {
      await running;
    },
    async stop() {
      stopped = true;
      cancel();
      await running;
    },
  };
}
