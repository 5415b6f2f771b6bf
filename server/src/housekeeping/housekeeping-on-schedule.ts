import type { FastifyPluginAsync } from 'fastify';
import { type Every, scheduleHousekeeping } from './schedule-housekeeping.js';

/**
 * Ended sessions and spent nonces are deleted on a schedule while the app
 * runs (schedule-housekeeping.ts); closing stops the schedule and waits for
 * a run in progress, before the database closes.
 */
export const housekeepingOnSchedule: FastifyPluginAsync<{
  services: Parameters<typeof scheduleHousekeeping>[0];
  /** The timer; tests pass one they fire by hand. @default every 5 minutes */
  every?: Every | undefined;
}> = async (app, { services, every }) => {
  const housekeeping = scheduleHousekeeping(services, { ...(every && { every }) });
  app.addHook('onClose', () => housekeeping.stop());
};
