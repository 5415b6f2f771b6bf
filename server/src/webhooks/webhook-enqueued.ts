import { EventEmitter } from 'node:events';

/**
 * Tells this process's dispatchers that messages were stored, so they are
 * sent at once rather than at the next poll. The rows commit with the
 * caller's transaction, a moment after the signal: the dispatcher looks
 * again shortly after (webhook-dispatcher.ts), and its poll covers the rest
 * (and other instances' messages).
 */
const enqueued = new EventEmitter();
enqueued.setMaxListeners(0);

export function signalWebhooksEnqueued(): void {
  enqueued.emit('enqueued');
}

/** Returns the function that stops listening. */
export function onWebhooksEnqueued(listener: () => void): () => void {
  enqueued.on('enqueued', listener);
  return () => enqueued.off('enqueued', listener);
}
