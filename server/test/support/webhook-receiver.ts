import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A fresh endpoint secret in the form WEBHOOKS takes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** One request the receiver got, checked with the endpoint's secret as any receiver would. */
export type ReceivedWebhook = {
  id: string;
  timestamp: string;
  signature: string;
  /** Whether `Webhook.verify` accepted it. */
  verified: boolean;
  body: string;
  type: string;
  data: Record<string, unknown>;
  /** The status the receiver answered; null while held or when the sender gave up first. */
  answered: number | null;
};

/** What the receiver answers a request: a status now, or 'hold' (no answer until released). */
export type Answer = number | 'hold';

export type WebhookReceiver = {
  url: string;
  port: number;
  secret: string;
  /** Every request, in arrival order. */
  received: ReceivedWebhook[];
  /** The messages answered 2xx: what was delivered. */
  delivered(): ReceivedWebhook[];
  /** Requests held and not yet answered nor aborted by the sender. */
  held(): number;
  /** Answers every held request with `status`. */
  release(status?: number): void;
  /** How the next requests are answered. @default () => 200 */
  answer: (message: ReceivedWebhook) => Answer;
  close(): Promise<void>;
};

/**
 * A real webhook receiver on node:http: it reads each request's body and
 * verifies its signature with `standardwebhooks`, the library receivers use.
 */
export async function startWebhookReceiver(
  p: { secret?: string; port?: number; answer?: (message: ReceivedWebhook) => Answer } = {},
): Promise<WebhookReceiver> {
  const secret = p.secret ?? newWebhookSecret();
  const verifier = new Webhook(secret);
  const holding = new Map<ReceivedWebhook, ServerResponse>();
  const receiver: WebhookReceiver = {
    url: '',
    port: 0,
    secret,
    received: [],
    delivered: () =>
      receiver.received.filter((m) => m.answered !== null && m.answered >= 200 && m.answered < 300),
    held: () => holding.size,
    release(status = 200) {
      for (const [message, response] of holding) {
        message.answered = status;
        response.writeHead(status).end();
      }
      holding.clear();
    },
    answer: p.answer ?? (() => 200),
    close: async () => {},
  };
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const header = (name: string) => String(request.headers[name] ?? '');
    let verified = false;
    try {
      verifier.verify(body, {
        'webhook-id': header('webhook-id'),
        'webhook-timestamp': header('webhook-timestamp'),
        'webhook-signature': header('webhook-signature'),
      });
      verified = request.headers['content-type'] === 'application/json';
    } catch {}
    let parsed: { type?: string; data?: Record<string, unknown> } = {};
    try {
      parsed = JSON.parse(body);
    } catch {}
    const message: ReceivedWebhook = {
      id: header('webhook-id'),
      timestamp: header('webhook-timestamp'),
      signature: header('webhook-signature'),
      verified,
      body,
      type: parsed.type ?? '',
      data: parsed.data ?? {},
      answered: null,
    };
    receiver.received.push(message);
    const answer = receiver.answer(message);
    if (answer === 'hold') {
      holding.set(message, response);
      // The sender gave up (its timeout, or it died): nothing was delivered.
      response.on('close', () => holding.delete(message));
      return;
    }
    message.answered = answer;
    response.writeHead(answer).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(p.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise((resolve) => {
      receiver.release(503);
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** WEBHOOKS for these endpoints. */
export function webhooksEnv(
  endpoints: { id: string; url: string; secret: string; events?: string[] }[],
): string {
  return JSON.stringify(endpoints);
}
