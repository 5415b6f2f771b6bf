#!/usr/bin/env node
// Runs the README's start as a newcomer does and proves it served: `npm start` (or, with
// --serve, `npm run serve`) in this checkout, until /healthz answers; then the home page and
// its entry script, a sign-in over HTTP by examples/sign-in-client.mjs, and a SIGTERM to npm's
// own process, which must end the server with exit code 0 and free its port.
//
//   node scripts/check-first-start.mjs [--serve] [--receipt]
//
// --receipt: once it passed, record what it saw, and on which tree, in the receipt
// (scripts/first-start/receipt.mjs) that fresh-clone-start.test.ts accepts for that tree.
//
// .ci/run runs it on CI's fresh clone before anything else builds, and
// server/test/platform/fresh-clone-start.test.ts on a copy of the checkout without its builds
// (docs/testing.md, "The README's commands"). Plain JavaScript, so it needs nothing built.
// A port of its own (PORT, PUBLIC_URL); the rest of the configuration is the default one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILT_PATHS, checkoutTree, writeReceipt } from './first-start/receipt.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const serve = process.argv.includes('--serve');
// The tree and what was built are read before the start builds anything.
const tree = process.argv.includes('--receipt') ? checkoutTree(root) : undefined;
const nothingBuilt = BUILT_PATHS.every((path) => !existsSync(join(root, path)));
const command = serve ? ['run', 'serve'] : ['start'];
const label = `npm ${command.join(' ')}`;
// A bound, never a wait: a first build on a busy two-core machine takes minutes.
const deadlineMs = Number(process.env.FIRST_START_TIMEOUT_SECONDS ?? 1200) * 1000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() || true));
    socket.once('error', () => resolve(false));
  });
}

const port = await freePort();
const url = `http://localhost:${port}`;
const output = [];
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

const child = spawn('npm', command, {
  cwd: root,
  env: { ...process.env, PORT: String(port), PUBLIC_URL: url },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let exited;
const exit = new Promise((resolve) => {
  child.once('exit', (code, signal) => {
    exited = { code, signal };
    resolve(exited);
  });
});
for (const stream of [child.stdout, child.stderr]) {
  stream.setEncoding('utf8');
  stream.on('data', (text) => {
    for (const line of text.split('\n')) {
      if (line === '') continue;
      output.push(line);
      // The build's own lines ("building the web app…") show progress as they come.
      if (!line.startsWith('{')) console.log(`  | ${line}`);
    }
  });
}

function fail(reason) {
  console.error(`\n${label} FAILED after ${seconds()} s: ${reason}`);
  console.error('its last lines:');
  for (const line of output.slice(-40)) console.error(`  | ${line}`);
  if (!exited) child.kill('SIGKILL');
  process.exit(1);
}

async function expectOk(path, accept) {
  const response = await fetch(`${url}${path}`, { headers: { accept } });
  if (response.status !== 200) fail(`GET ${path} answered ${response.status}`);
  return response;
}

// The server's own line once it listens (server/src/main.ts): only then is an answer on the port
// its own. The port was free when chosen, but the first build takes minutes, and on a machine
// running other work another process may take it meanwhile (seen: a test suite's server answered
// /healthz while this one was still building).
const servingLine = `Sigil is serving ${new URL(url).origin}, listening on`;
const serving = () => output.some((line) => line.includes(servingLine));
console.log(`${label} on ${url}`);
for (;;) {
  if (exited)
    fail(`it exited (code ${exited.code}, signal ${exited.signal}) before /healthz answered`);
  if (Date.now() - started > deadlineMs)
    fail(`/healthz did not answer within ${deadlineMs / 1000} s`);
  const healthy =
    serving() &&
    (await fetch(`${url}/healthz`).then(
      (response) => response.status === 200,
      () => false,
    ));
  if (healthy) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log(`/healthz answered after ${seconds()} s`);

const page = await expectOk('/', 'text/html');
const html = await page.text();
if (!html.includes('<div id="root"')) fail('the home page is not the app');
// The entry is a module script's tag, or, where the build loads the scripts after the first
// paint (web/build/locale-boot-plugin.ts), named in index.html's inline startup script.
const entry =
  html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1] ??
  html.match(/"entry":"(\/assets\/[^"]+\.js)"/)?.[1];
if (!entry) fail('the home page names no entry script');
const script = await expectOk(entry, '*/*');
if (!script.headers.get('content-type')?.includes('javascript')) fail(`${entry} is not JavaScript`);
await script.arrayBuffer();
console.log(`the home page and ${entry} answered 200`);

const signIn = spawn(process.execPath, ['examples/sign-in-client.mjs'], {
  cwd: root,
  env: { ...process.env, SIGIL_URL: url },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let signInOutput = '';
signIn.stdout.setEncoding('utf8').on('data', (text) => {
  signInOutput += text;
});
const signInCode = await new Promise((resolve) => signIn.once('exit', resolve));
const signedIn = signInOutput.match(/^signed in as (0x[0-9a-fA-F]{40})/m)?.[1];
if (signInCode !== 0 || !signedIn || !signInOutput.includes(`"address": "${signedIn}"`)) {
  fail(`the sign-in over HTTP failed (exit code ${signInCode}):\n${signInOutput}`);
}
console.log(`a wallet signed in over HTTP: ${signedIn}, and \`me\` answered it`);

const stopping = Date.now();
child.kill('SIGTERM');
const { code, signal } = await exit;
if (code !== 0) fail(`SIGTERM to npm ended it with code ${code}, signal ${signal}, not 0`);
if (await listening(port))
  fail(`port ${port} still answers after npm exited: the server kept running`);
console.log(`SIGTERM to npm: the server shut down, exit code 0, in ${Date.now() - stopping} ms`);
console.log(`${label}: passed in ${seconds()} s; its last lines:`);
for (const line of output.slice(-4)) console.log(`  | ${line.slice(0, 300)}`);
if (tree) {
  writeReceipt(root, tree, serve ? 'serve' : 'start', {
    node: process.version,
    passedAt: new Date().toISOString(),
    nothingBuilt,
    builtThePackagesFromNothing: output.some((line) =>
      line.includes('building the workspace packages (not built yet)'),
    ),
    printedBuilding: output.some((line) => /building/.test(line)),
    defaultDatabaseMade: existsSync(join(root, 'data/sigil.sqlite')),
  });
  console.log(`receipt for tree ${tree} written (scripts/first-start/receipt.mjs)`);
}
