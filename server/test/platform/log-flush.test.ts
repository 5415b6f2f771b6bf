import { spawn } from 'node:child_process';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const loggerModule = fileURLToPath(new URL('../../src/create-logger.ts', import.meta.url));

/**
 * The production logger writes stdout asynchronously (create-logger.ts):
 * lines queued when the process exits must still come out, or the line
 * saying why a server stopped would be the one lost.
 */
describe('the production logger', () => {
  it('writes every line to stdout even when the process exits right after logging', async () => {
    const script = `
      const { createLogger } = await import(${JSON.stringify(loggerModule)});
      const logger = createLogger({ logLevel: 'info' });
      for (let i = 0; i < 2000; i++) logger.info({ i }, 'queued line');
      logger.error('the last line');
      process.exit(3);
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const [output, code] = await Promise.all([
      text(child.stdout),
      new Promise((resolve) => child.on('exit', resolve)),
    ]);
    expect(code).toBe(3);
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(2001);
    expect(JSON.parse(lines.at(-1) ?? '{}')).toMatchObject({ level: 50, msg: 'the last line' });
  }, 60_000);
});
