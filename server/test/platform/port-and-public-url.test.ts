import { afterEach, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../../../testing/start-built-server.js';
import { waitFor } from '../../../testing/wait-for.js';

// The sources through tsx, as `npm start` would run them once built: the log lines are main.ts's.
const SOURCES = {
  kind: 'tsx' as const,
  nodeArguments: ['--import', 'tsx', 'server/src/main.ts'],
  reason: 'sources',
};
const CHAINS = [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }];

type LogLine = { level: number; msg: string };
const logLines = (server: BuiltServer): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/**
 * The start's lines, once the last of them (the serving line, logged after the
 * warning) has come through the pipe: /healthz may answer before it does.
 */
async function startLines(server: BuiltServer): Promise<LogLine[]> {
  await waitFor(() => logLines(server).some((line) => line.msg.startsWith('Sigil is serving')));
  return logLines(server);
}

/** `PORT=4000 npm start` with the default PUBLIC_URL (docs/operations.md, "Starting"). */
describe('a start whose PORT and PUBLIC_URL disagree', () => {
  let server: BuiltServer | undefined;
  afterEach(() => server?.stop());

  it('warns once, naming the origin sign-in accepts, and says where it listens', async () => {
    server = await startBuiltServer({
      chains: CHAINS,
      runtime: SOURCES,
      env: { PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'info' },
    });
    const lines = await startLines(server);
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toEqual([
      `PORT is ${server.port} but PUBLIC_URL is http://localhost:3000: sign-in accepts only messages for http://localhost:3000; set PUBLIC_URL=http://localhost:${server.port} to open the app on this port`,
    ]);
    expect(lines.map((line) => line.msg)).toContain(
      `Sigil is serving http://localhost:3000, listening on http://127.0.0.1:${server.port}`,
    );
  });

  it('says nothing when they agree', async () => {
    server = await startBuiltServer({
      chains: CHAINS,
      runtime: SOURCES,
      env: { LOG_LEVEL: 'info' },
    });
    const lines = await startLines(server);
    expect(lines.filter((line) => line.level === 40)).toEqual([]);
    expect(lines.map((line) => line.msg)).toContain(
      `Sigil is serving http://localhost:${server.port}, listening on http://127.0.0.1:${server.port}`,
    );
  });
});
