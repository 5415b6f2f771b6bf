// A webhook receiver for Sigil (docs/webhooks.md): it checks each message's
// signature with standardwebhooks, answers 204 to what it accepts and 400 to
// anything else, and logs the message. Put its URL and secret in WEBHOOKS,
// e.g. WEBHOOKS='[{"id":"example","url":"http://localhost:4001/webhooks","secret":"whsec_…"}]',
// then `WEBHOOK_SECRET=whsec_… node examples/receive-webhooks.mjs`.
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const port = Number(process.env.PORT ?? 4001);
const webhook = new Webhook(process.env.WEBHOOK_SECRET);

createServer(async (req, res) => {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    // Sigil's messages are a few hundred bytes: anything near a megabyte is not one.
    if (size > 1_048_576) return res.writeHead(413).end();
    chunks.push(chunk);
  }
  // Verify the exact bytes received: parsing and re-serializing would change them.
  const body = Buffer.concat(chunks).toString('utf8');
  let message;
  try {
    // Checks the signature and that the timestamp is within five minutes.
    message = webhook.verify(body, req.headers);
  } catch (error) {
    console.log(`rejected: ${error.message}`);
    return res.writeHead(400).end();
  }
  // The same webhook-id on every attempt: a receiver that must act once keeps the ids it has seen.
  console.log(
    `verified ${req.headers['webhook-id']} ${message.type} ${JSON.stringify(message.data)}`,
  );
  res.writeHead(204).end();
}).listen(port, () => console.log(`Receiving webhooks on http://localhost:${port}/webhooks`));
