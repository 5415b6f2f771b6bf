import type { ChangeConsumer } from '../changes/change-committer.js';
import type { AccountEventMessage, AccountEvents } from './account-events.js';

/** Live sockets hear of a change only once it committed: its events go to every instance then. */
export function liveEventsConsumer(
  events: Pick<AccountEvents, 'publish'>,
): ChangeConsumer<AccountEventMessage> {
  return {
    name: 'live events',
    committed(committed) {
      for (const event of committed.events) events.publish(event);
    },
  };
}
