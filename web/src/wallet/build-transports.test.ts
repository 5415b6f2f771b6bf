import { afterEach, describe, expect, it } from 'vitest';
import { type JsonRpcServer, startJsonRpcServer } from '../test/json-rpc-server';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { buildChains } from './build-chains';
import { buildTransports } from './build-transports';

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
});
