import { Webhook } from 'standardwebhooks';

export type AttemptResult =
  | { ok: true; statusCode: number }
  | { ok: false; statusCode: number | null; error: string };

export type SendWebhookAttemptParameters = {
  url: URL;
  secret: string;
  webhookId: string;
  /** The attempt's time: `webhook-timestamp`, and what the signature covers. */
  at: number;
  payload: string;
  timeoutMs: number;
  /** Aborts the attempt (a shutdown past its budget). */
  signal?: AbortSignal;
};

/**
 * One attempt, as Standard Webhooks describes it (docs/webhooks.md): the
 * same webhook-id on every attempt, a timestamp and signature of this
 * attempt's own. Only a 2xx answer delivers; a redirect is not followed (the
 * receiver's URL is configuration, not something an answer may move).
 */
export async function sendWebhookAttempt(p: SendWebhookAttemptParameters): Promise<AttemptResult> {
  const timestamp = new Date(p.at);
  const signature = new Webhook(p.secret).sign(p.webhookId, timestamp, p.payload);
  const timeout = AbortSignal.timeout(p.timeoutMs);
  try {
    const response = await fetch(p.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': p.webhookId,
        'webhook-timestamp': String(Math.floor(p.at / 1000)),
        'webhook-signature': signature,
      },
      body: p.payload,
      redirect: 'manual',
      signal: p.signal ? AbortSignal.any([timeout, p.signal]) : timeout,
    });
    // The answer's body is not read: it means nothing here, and may be large.
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) {
      return { ok: true, statusCode: response.status };
    }
    return { ok: false, statusCode: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    if (timeout.aborted) {
      return { ok: false, statusCode: null, error: `no answer within ${p.timeoutMs / 1000} s` };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    return { ok: false, statusCode: null, error: reason };
  }
}
