#!/usr/bin/env node
// `npm run dev`: the Sigil server and Vite together. Vite serves the app with hot reload
// on http://localhost:5173 and forwards /graphql (HTTP and websocket), /api and /rpc to the
// server on 127.0.0.1:$PORT (3000). Ctrl-C, or either process ending, stops both.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.SIGIL_SERVER_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const viteOrigin = 'http://localhost:5173';
const allowedOrigins = [viteOrigin, 'http://127.0.0.1:5173', process.env.ALLOWED_ORIGINS]
  .filter(Boolean)
  .join(',');

// The server runs its own sources through tsx, but imports the workspace
// packages (packages/*) from their dist/, as its signature-recovery worker
// threads must (they are plain Node, with no TypeScript loader); both it and the
// app import the GraphQL code codegen writes, and the server reads its pages' words
// compiled beside its sources (catalogues). So those parts are built first,
// when missing or stale (a fresh clone has none). Vite bundles the packages
// from their sources, so the app itself needs no build.
const prepared = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/build.ts', '--if-stale', 'codegen', 'packages', 'catalogues'],
  { cwd: root, stdio: 'inherit' },
);
if (prepared.status !== 0) {
  console.log(
    '[dev] building the GraphQL types, the workspace packages and the catalogues failed; not starting',
  );
  process.exit(prepared.status ?? 1);
}

const processes = [
  {
    name: 'server',
    command: process.execPath,
    args: ['--import', 'tsx', 'server/src/main.ts'],
    cwd: root,
    env: {
      NODE_ENV: 'development',
      // The page is served from Vite's origin, so that is the SIWE domain the wallet sees.
      PUBLIC_URL: viteOrigin,
      ...process.env,
      ALLOWED_ORIGINS: allowedOrigins,
    },
  },
  {
    name: 'vite',
    command: process.execPath,
    args: [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url))],
    cwd: fileURLToPath(new URL('../web', import.meta.url)),
    env: {
      ...process.env,
      SIGIL_SERVER_URL: serverUrl,
    },
  },
];

const children = processes.map(({ name, command, args, cwd, env }) => {
  const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    console.log(`[dev] ${name} exited (${signal ?? code}); stopping the rest`);
    stop(code ?? 1);
  });
  return child;
});

let stopping = false;
function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  // Give them a moment to close sockets and databases, then leave.
  setTimeout(() => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    process.exit(exitCode);
  }, 3_000).unref();
  Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  ).then(() => process.exit(exitCode));
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stop(0));
}
