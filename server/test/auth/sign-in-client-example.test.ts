import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../../../testing/repo-root.js';
import { TEST_KEYS, testAccount } from '../support/graphql-client.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * docs/api.md's sign-in client (examples/sign-in-client.mjs), run as a reader
 * runs it against the real server; and the docs' curl sign-in fed with what
 * it prints, as the docs say to.
 */
const SCRIPT = 'examples/sign-in-client.mjs';
const docs = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');

let server: TestServer;
let jarDir: string;

beforeAll(async () => {
  server = await startTestServer();
  jarDir = mkdtempSync(join(tmpdir(), 'sigil-curl-'));
});

afterAll(async () => {
  await server?.close();
  rmSync(jarDir, { recursive: true, force: true });
});

/** Runs a command to its end; resolves with its exit code and what it printed. */
function run(command: string, args: string[], env: Record<string, string>, cwd = repoRoot) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The fenced block of docs/api.md in which `marker` occurs. */
function docsBlock(marker: string): string {
  const blocks = [...docs.matchAll(/```\w*\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  const block = blocks.find((text) => text.includes(marker));
  if (!block) throw new Error(`docs/api.md has no block with ${marker}`);
  return block;
}

it('signs in with a private key and reads `me` with the cookie signIn set', async () => {
  const result = await run(process.execPath, [SCRIPT], {
    SIGIL_URL: server.origin,
    PRIVATE_KEY: TEST_KEYS[1],
  });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  const { address } = testAccount(1);
  expect(result.stdout).toMatch(new RegExp(`^signed in as ${address}, session \\S+\\n`));
  const me = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
    me: { address: string; wallets: { address: string; kind: string; primary: boolean }[] };
  };
  expect(me.me.address).toBe(address);
  expect(me.me.wallets).toEqual([{ address, kind: 'EOA', primary: true }]);
});

it("prints MESSAGE and SIGNATURE that docs/api.md's curl sign-in accepts", async () => {
  const origin = server.origin;
  const local = (text: string) => text.replaceAll('http://localhost:3000', origin);
  // The docs' lines as written, pointed at this server: print, sign in, read `me`, sign out.
  const script = [
    'set -e',
    `cd ${JSON.stringify(repoRoot)}`,
    local(docsBlock('--print-message')),
    `cd ${JSON.stringify(jarDir)}`,
    local(docsBlock('signIn(message: $m')),
  ].join('\n');
  const result = await run('bash', ['-c', script], { PRIVATE_KEY: TEST_KEYS[2] });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  // curl prints each answer without a line break after it.
  const answers = result.stdout.trim().split(/(?<=\})\s*(?=\{)/);
  const [signIn, me, signOut] = answers.map((answer) => JSON.parse(answer));
  const { address } = testAccount(2);
  expect(signIn.errors).toBeUndefined();
  expect(signIn.data.signIn.account.address).toBe(address);
  expect(me.data.me.address).toBe(address);
  expect(me.data.me.sessions).toEqual([{ id: signIn.data.signIn.session.id, current: true }]);
  expect(signOut).toEqual({ data: { signOut: true } });
});

it('docs/api.md shows the script as it is', () => {
  expect(docsBlock("from 'viem/siwe'")).toBe(readFileSync(join(repoRoot, SCRIPT), 'utf8'));
});
