/** The webhooks module's table (migration 0009-webhooks). Times are epoch milliseconds. */
export type WebhookDeliveriesTable = {
  id: string;
  /** The endpoint's id from WEBHOOKS. */
  endpoint: string;
  event_type: string;
  /** The `webhook-id` header (`msg_…`): the same on every attempt, and on a resend. */
  webhook_id: string;
  /** The exact JSON body sent, so every attempt signs the same bytes. */
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  /**
   * While an instance is making an attempt: until when the delivery is its
   * own (a lease). Past it, or null, any instance may pick it.
   */
  locked_until: number | null;
  created_at: number;
};

export type WebhookDeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    webhook_deliveries: WebhookDeliveriesTable;
  }
}
