import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../services.js';

/**
 * Starts the webhook dispatcher with the app, and stops it with the app:
 * from a shutdown's first moment (preClose) its attempts in flight get most
 * of SHUTDOWN_TIMEOUT to finish, beside the requests draining, and what is
 * left is handed back to be sent again (docs/webhooks.md). Its onClose waits
 * for that, so the database it hands them back to is still open: the
 * services close after every plugin.
 */
export const dispatchWebhooks: FastifyPluginAsync<{
  services: Pick<Services, 'webhooks' | 'config' | 'logger'>;
}> = async (app, { services }) => {
  const { webhooks, config, logger } = services;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= webhooks.stop(config.shutdownTimeoutSeconds * 750).catch((error: unknown) => {
      // Leases not handed back run out: another instance, or the next start, sends those.
      logger.warn({ err: error }, 'webhook attempts in flight could not be handed back');
    });
    return stopped;
  };
  await webhooks.start();
  app.addHook('preClose', async () => {
    void stop();
  });
  app.addHook('onClose', stop);
};
