import { describe, expect, it } from 'vitest';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import { loadRuntimeConfig } from './load-runtime-config';
import { RuntimeConfigError } from './runtime-config-error';

describe('loadRuntimeConfig', () => {
  it('reads the configuration from /api/config', async () => {
    const requested: string[] = [];
    const config = await loadRuntimeConfig({
      fetch: async (input) => {
        requested.push(String(input));
        return Response.json(runtimeConfigFixture());
      },
    });
    expect(requested).toEqual(['/api/config']);
    expect(config).toEqual(runtimeConfigFixture());
  });

  it('fails with a RuntimeConfigError when the server answers an error', async () => {
    await expect(
      loadRuntimeConfig({ fetch: async () => new Response('nope', { status: 503 }) }),
    ).rejects.toThrow(new RuntimeConfigError('the server answered 503'));
  });

  it('fails with a RuntimeConfigError when the server cannot be reached', async () => {
    await expect(
      loadRuntimeConfig({
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    ).rejects.toBeInstanceOf(RuntimeConfigError);
  });
});
