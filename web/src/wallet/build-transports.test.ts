import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type JsonRpcServer, startJsonRpcServer } from '../test/json-rpc-server';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { buildChains } from './build-chains';
import { buildTransports } from './build-transports';
import { createRpcBackoff } from './rpc-backoff';

/** An endpoint that answers every request 502 (a gateway whose node is down), counting them. */
async function startFailingEndpoint() {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(502).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('buildTransports', () => {
  let server: JsonRpcServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("sends each chain's requests to its configured URL, with a 10 s timeout", async () => {
    server = await startJsonRpcServer(() => '0x7a69');
    const config = runtimeConfigFixture();
    config.chains[0].rpcUrl = server.url;
    const [chain] = buildChains(config.chains);
    const transport = buildTransports(config.chains)[31337]?.({ chain });
    expect(transport?.config.timeout).toBe(10_000);
    expect(transport?.value?.url).toBe(server.url);
    expect(await transport?.request({ method: 'eth_chainId' })).toBe('0x7a69');
  });

  it('batches concurrent JSON-RPC calls into one HTTP request', async () => {
    server = await startJsonRpcServer((method) => (method === 'eth_chainId' ? '0x7a69' : '0x10'));
    const config = runtimeConfigFixture();
    config.chains[0].rpcUrl = server.url;
    const [chain] = buildChains(config.chains);
    const transport = buildTransports(config.chains)[31337]?.({ chain });
    await Promise.all([
      transport?.request({ method: 'eth_chainId' }),
      transport?.request({ method: 'eth_blockNumber' }),
      transport?.request({ method: 'eth_gasPrice' }),
    ]);
    expect(server.bodies).toHaveLength(1);
    expect(server.bodies[0]).toHaveLength(3);
  });

  it('asks an endpoint that did not answer once per chain per minute, with no retry', async () => {
    const failing = await startFailingEndpoint();
    try {
      server = await startJsonRpcServer(() => '0x10');
      const hardhat = runtimeConfigFixture().chains[0];
      const config = runtimeConfigFixture({
        chains: [
          { ...hardhat, rpcUrl: failing.url },
          { ...hardhat, id: 11155111, name: 'Sepolia', rpcUrl: server.url },
        ],
      });
      const chains = buildChains(config.chains);
      let time = 0;
      const transports = buildTransports(config.chains, createRpcBackoff({ now: () => time }));
      const down = transports[31337]?.({ chain: chains[0] });
      const up = transports[11155111]?.({ chain: chains[1] });
      const reads = () =>
        Promise.allSettled([1, 2, 3].map(() => down?.request({ method: 'eth_blockNumber' })));

      await reads();
      await reads();
      expect(failing.requests()).toBe(1);
      // The other chain is asked as usual.
      expect(await up?.request({ method: 'eth_blockNumber' })).toBe('0x10');

      time += 60_000;
      await reads();
      expect(failing.requests()).toBe(2);
    } finally {
      await failing.close();
    }
  });
});
