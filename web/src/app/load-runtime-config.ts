import { parseRuntimeConfig, type RuntimeConfig } from './runtime-config';
import { RuntimeConfigError } from './runtime-config-error';

export type LoadRuntimeConfigParameters = {
  /** @default '/api/config' */
  url?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
};

/** Fetches the deployment's browser configuration from the server that served the page. */
export async function loadRuntimeConfig({
  url = '/api/config',
  fetch: fetchImpl = globalThis.fetch,
}: LoadRuntimeConfigParameters = {}): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
  } catch (cause) {
    throw new RuntimeConfigError('the server could not be reached', { cause });
  }
  if (!response.ok) throw new RuntimeConfigError(`the server answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError('the answer is not JSON', { cause });
  }
  return parseRuntimeConfig(body);
}
