import { connection, MAX_PAGE, page } from '../graphql/list-bounds.js';
import type { SigilModule } from '../sigil-module.js';
import { dispatchWebhooks } from './dispatch-webhooks.js';
import { webhookConsumer } from './webhook-consumer.js';
import { deleteDeliveredBefore, oldestPendingCreatedAt } from './webhook-delivery-store.js';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.js';
import { webhookResolvers } from './webhook-resolvers.js';

declare module '../services.js' {
  interface Services {
    /** Sends the stored webhook messages (docs/webhooks.md); started and stopped by its plugin. */
    webhooks: WebhookDispatcher;
  }
}

/** How long a delivered webhook message stays listed (docs/webhooks.md). */
export const DELIVERED_WEBHOOK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Webhooks (docs/webhooks.md): the outbox of signed messages to the operator's endpoints. */
export const webhooksModule: SigilModule = {
  name: 'webhooks',
  openServices: ({ services: { db, store, clock, config, logger, metrics } }) => ({
    // Opens nothing until its plugin starts it (dispatch-webhooks.ts).
    webhooks: createWebhookDispatcher({
      db,
      dialect: store.dialect,
      clock,
      config,
      logger,
      metrics,
    }),
  }),
  // Without endpoints webhooks are not a consumer at all: a sign-in then
  // costs no more than its audit event.
  changeConsumers: ({ config, webhooks }) =>
    config.webhooks.length > 0 ? [webhookConsumer(config.webhooks, webhooks)] : [],
  resolvers: [webhookResolvers],
  queryCost: {
    lists: () => ({ 'WebhookDeliveryConnection.edges': connection }),
    pages: { 'Admin.webhookDeliveries': page(MAX_PAGE) },
  },
  background(app, services) {
    app.register(dispatchWebhooks, { services });
  },
  housekeeping: [
    {
      table: 'webhook_deliveries',
      deleteBatch: ({ db, clock }, batchSize) =>
        deleteDeliveredBefore(db, { before: clock() - DELIVERED_WEBHOOK_RETENTION_MS, batchSize }),
    },
  ],
  metrics: ({ config, db, clock }) => ({
    // Without endpoints nothing is ever stored: no query at each scrape.
    async oldestPendingWebhookSeconds() {
      if (config.webhooks.length === 0) return 0;
      const oldest = await oldestPendingCreatedAt(db).catch(() => undefined);
      if (oldest === undefined) return undefined;
      return oldest === null ? 0 : Math.max(0, (clock() - oldest) / 1000);
    },
  }),
};
