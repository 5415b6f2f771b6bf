import { rolesBound } from '../roles/roles-bound.js';
import type { SigilModule } from '../sigil-module.js';
import { createAccountEvents } from './account-events.js';
import { eventResolvers } from './event-resolvers.js';
import { liveEventsConsumer } from './live-events-consumer.js';

/**
 * Live account events: the service every module publishes on (in process, or
 * over Redis between instances), the `accountEvents` subscription, and the
 * consumer that hands a committed change's events to it.
 */
export const eventsModule: SigilModule = {
  name: 'events',
  openServices({ services: { config, logger }, defer }) {
    const events = createAccountEvents({ redisUrl: config.redisUrl, logger });
    defer('account events', () => events.close());
    return { events };
  },
  // Live sockets hear of a change only once it committed.
  changeConsumers: ({ events }) => [liveEventsConsumer(events)],
  resolvers: [eventResolvers],
  queryCost: { lists: (config) => ({ 'AccountEvent.roles': rolesBound(config) }) },
  metrics: ({ events }) => ({ activeSubscriptions: () => events.activeSubscriptions() }),
};
