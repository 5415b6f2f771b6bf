import { existsSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { uploadFile } from '../server/test/support/upload-file.js';
import { publicProfileAtCap } from '../testing/public-profile-at-cap.js';
import { repoRoot } from '../testing/repo-root.js';
import { newestServerRuntime } from '../testing/server-runtime.js';
import { startBuiltServer } from '../testing/start-built-server.js';
import { processCpuSeconds } from './support/process-cpu-seconds.js';
import { type Skipped, skipped } from './support/skipped.js';

/**
 * What an anonymous request can make the server spend (issue 26): for each
 * public operation, bytes in, bytes out, their ratio and the server's CPU
 * time per request, against the worst case the limits allow: an account at
 * MAX_WALLETS_PER_ACCOUNT (20) public wallets, each proof a message of 16 KiB,
 * with an avatar. **Target: no anonymous request of at most 4 KB makes the
 * server send more than 2 MB or spend more than 1 s of CPU.**
 *
 * Bytes are counted on the socket (request line, headers and body; status
 * line, headers and body), uncompressed (`accept-encoding: identity`, the
 * worst case); CPU from /proc/<pid>/stat around each operation's requests.
 */
export type PublicCostResult = PublicCostFigures | Skipped<'public-cost'>;

export type OperationFigures = {
  name: string;
  requests: number;
  /** What the answer was: HTTP status and, for GraphQL, the first error code. */
  answer: string;
  bytesIn: number;
  bytesOut: number;
  ratio: number;
  cpuMsPerRequest: number;
};

type PublicCostFigures = {
  bench: 'public-cost';
  wallets: number;
  operations: OperationFigures[];
  worstRatio: { name: string; ratio: number };
  worstBytesOut: { name: string; bytes: number };
  worstCpuMsPerRequest: { name: string; ms: number };
  meetsTarget: boolean;
};

export const PUBLIC_COST_TARGET = { maxBytesIn: 4096, maxBytesOut: 2_000_000, maxCpuMs: 1000 };

const UNREACHABLE_RPC = 'http://127.0.0.1:9';
const REQUESTS = Number(process.env.BENCH_PUBLIC_COST_REQUESTS ?? 20);
const WALLETS = 20;
const WIDTHS = [128, 256, 384, 512, 640, 768, 1024, 1280, 1600];
const QUALITIES = [40, 50, 75, 85, 90, 95];

type Request = {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
};

/** One socket for every request, so its byte counters measure each request and answer exactly. */
function measuringClient(url: string) {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    send(
      request: Request,
    ): Promise<{ status: number; text: string; bytesIn: number; bytesOut: number }> {
      return new Promise((resolve, reject) => {
        let socket: Socket | undefined;
        let written = 0;
        let read = 0;
        const outgoing = httpRequest(
          {
            agent,
            host: target.hostname,
            port: target.port,
            method: request.method,
            path: request.path,
            headers: { 'accept-encoding': 'identity', ...request.headers },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              // The agent keeps the socket for the next request only after 'end'.
              setImmediate(() => {
                resolve({
                  status: response.statusCode ?? 0,
                  text: Buffer.concat(chunks).toString('utf8'),
                  bytesIn: (socket?.bytesWritten ?? 0) - written,
                  bytesOut: (socket?.bytesRead ?? 0) - read,
                });
              });
            });
            response.on('error', reject);
          },
        );
        outgoing.on('socket', (s: Socket) => {
          socket = s;
          written = s.bytesWritten;
          read = s.bytesRead;
        });
        outgoing.on('error', reject);
        outgoing.end(request.body);
      });
    },
    close: () => agent.destroy(),
  };
}

function graphql(origin: string, query: string, variables?: Record<string, unknown>): Request {
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin },
    body: JSON.stringify({ query, ...(variables && { variables }) }),
  };
}

function answerOf(status: number, text: string): string {
  if (!text.startsWith('{')) return String(status);
  try {
    const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] };
    const code = body.errors?.[0]?.extensions?.code;
    return code ? `${status} ${code}` : `${status} data`;
  } catch {
    return String(status);
  }
}

export async function runPublicCost(
  log: (line: string) => void = (line) => console.log(line),
): Promise<PublicCostResult> {
  if (!existsSync(join(repoRoot, 'web/dist/index.html'))) {
    return skipped('public-cost', 'web/dist/index.html is missing: run `npm run build`', log);
  }
  const server = await startBuiltServer({
    chains: [{ id: 31337, rpcUrl: UNREACHABLE_RPC }],
    env: { RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' },
    runtime: newestServerRuntime(),
  });
  const client = measuringClient(server.url);
  try {
    const origin = server.url;
    const { address, owner } = await publicProfileAtCap(
      { url: server.url, origin },
      { wallets: WALLETS },
    );
    const photo = await sharp({
      create: {
        width: 1600,
        height: 1600,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const upload = await uploadFile<{ setAvatar: { avatar: { id: string } } }>(
      owner,
      'mutation ($file: File!) { setAvatar(file: $file) { avatar { id } } }',
      photo,
      { name: 'photo.jpg', type: 'image/jpeg' },
    );
    const imageId = upload.data?.setAvatar.avatar.id;
    if (!imageId) throw new Error(`setAvatar failed: ${upload.text.slice(0, 300)}`);
    log(
      `  an account of ${WALLETS} public wallets, each proof ${16 * 1024} characters, and a 1600×1600 avatar`,
    );

    const proof = 'proof { message signature chainId signedAt }';
    const profile = `address displayName bio avatar { id width height url(width: 1600) } wallets { address kind chainId ${proof} }`;
    const aliases = (count: number, field: string) =>
      Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ');
    const page = (path: string): Request => ({
      method: 'GET',
      path,
      headers: { accept: 'text/html' },
    });
    const image = (w: number, q: number): Request => ({
      method: 'GET',
      path: `/images/${imageId}?w=${w}&q=${q}`,
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    const variants = WIDTHS.flatMap((w) => QUALITIES.map((q) => image(w, q)));
    const operations: { name: string; requests: Request[] }[] = [
      {
        name: 'publicProfile ×15 aliases, every proof (the review)',
        requests: [
          graphql(
            origin,
            `query ($a: Address!) { ${aliases(15, `publicProfile(address: $a) { ${profile} }`)} }`,
            { a: address },
          ),
        ],
      },
      {
        name: 'publicProfile ×1, every proof (the page)',
        requests: [
          graphql(origin, `query ($a: Address!) { publicProfile(address: $a) { ${profile} } }`, {
            a: address,
          }),
        ],
      },
      {
        name: 'publicProfile ×15 aliases, no proofs',
        requests: [
          graphql(
            origin,
            `query ($a: Address!) { ${aliases(15, 'publicProfile(address: $a) { address displayName bio wallets { address kind chainId } }')} }`,
            { a: address },
          ),
        ],
      },
      {
        name: 'signInParameters ×15 aliases',
        requests: [
          graphql(
            origin,
            `{ ${aliases(15, 'signInParameters { domain uri statement nonceTtlSeconds chains { id name } }')} }`,
          ),
        ],
      },
      {
        name: 'createNonce',
        requests: [graphql(origin, 'mutation { createNonce { value expiresAt } }')],
      },
      {
        name: 'createNonce ×15 aliases',
        requests: [
          graphql(origin, `mutation { ${aliases(15, 'createNonce { value expiresAt }')} }`),
        ],
      },
      { name: 'GET /u/<address>', requests: [page(`/u/${address}`)] },
      { name: 'GET /verify', requests: [page('/verify')] },
      { name: 'GET /images/<id> w=1600 q=95, cached', requests: [image(1600, 95)] },
      // Each of the 54 variants once: every request renders (the first of its kind).
      { name: 'GET /images/<id>, each variant once (cold)', requests: variants },
    ];

    const figures: OperationFigures[] = [];
    for (const operation of operations) {
      const cold = operation.requests.length > 1;
      // One untimed request first (not for the cold variants: each renders once only).
      if (!cold) await client.send(operation.requests[0] as Request);
      const sequence = cold
        ? operation.requests
        : Array.from({ length: REQUESTS }, () => operation.requests[0] as Request);
      let bytesIn = 0;
      let bytesOut = 0;
      let answer = '';
      const cpu0 = processCpuSeconds(server.pid);
      for (const request of sequence) {
        const sent = await client.send(request);
        bytesIn = Math.max(bytesIn, sent.bytesIn);
        bytesOut = Math.max(bytesOut, sent.bytesOut);
        answer ||= answerOf(sent.status, sent.text);
      }
      const cpuMsPerRequest = ((processCpuSeconds(server.pid) - cpu0) * 1000) / sequence.length;
      const row = {
        name: operation.name,
        requests: sequence.length,
        answer,
        bytesIn,
        bytesOut,
        ratio: bytesOut / bytesIn,
        cpuMsPerRequest,
      };
      figures.push(row);
      log(
        `  ${row.name.padEnd(48)} ${row.answer.padEnd(34)} in ${String(row.bytesIn).padStart(5)} B  out ${String(row.bytesOut).padStart(8)} B  ratio ${row.ratio.toFixed(1).padStart(7)}  CPU ${row.cpuMsPerRequest.toFixed(2)} ms/request (${row.requests})`,
      );
    }
    const worst = <K extends 'ratio' | 'bytesOut' | 'cpuMsPerRequest'>(key: K) =>
      figures.reduce((a, b) => (b[key] > a[key] ? b : a));
    const worstRatio = worst('ratio');
    const worstBytes = worst('bytesOut');
    const worstCpu = worst('cpuMsPerRequest');
    const meetsTarget = figures.every(
      (row) =>
        row.bytesIn <= PUBLIC_COST_TARGET.maxBytesIn &&
        row.bytesOut <= PUBLIC_COST_TARGET.maxBytesOut &&
        row.cpuMsPerRequest <= PUBLIC_COST_TARGET.maxCpuMs,
    );
    log(`  worst ratio out/in: ${worstRatio.ratio.toFixed(1)} (${worstRatio.name})`);
    log(`  most bytes out: ${worstBytes.bytesOut} B (${worstBytes.name})`);
    log(`  most CPU per request: ${worstCpu.cpuMsPerRequest.toFixed(2)} ms (${worstCpu.name})`);
    log(
      `  target (≤ 4 KB in, ≤ 2 MB out, ≤ 1 s CPU per request): ${meetsTarget ? 'met' : 'NOT met'}`,
    );
    return {
      bench: 'public-cost',
      wallets: WALLETS,
      operations: figures,
      worstRatio: { name: worstRatio.name, ratio: worstRatio.ratio },
      worstBytesOut: { name: worstBytes.name, bytes: worstBytes.bytesOut },
      worstCpuMsPerRequest: { name: worstCpu.name, ms: worstCpu.cpuMsPerRequest },
      meetsTarget,
    };
  } finally {
    client.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await runPublicCost(), null, 2));
  process.exit(0);
}
