import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onFreePort, PortTakenError, saysPortTaken } from '../free-port.js';

/**
 * A PostgreSQL cluster of the machine's own installation, in a temporary
 * folder and on a port of its own, that a test may stop and start again at
 * will. Outage tests use it instead of the machine's shared PostgreSQL, so a
 * restart never disturbs another suite or another run on the same machine.
 * PostgreSQL refuses to run as root, so it runs as the `postgres` user.
 */
export type PrivatePostgres = {
  url: string;
  /** Stops the server at once (`immediate`: what a crash or a restart looks like to clients). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
};

const ROOT = '/usr/lib/postgresql';

const urlOf = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

/** The newest installed PostgreSQL's bin folder, or undefined. */
export function postgresBinaries(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const version = readdirSync(ROOT).sort((a, b) => Number(b) - Number(a))[0];
  const bin = version && join(ROOT, version, 'bin');
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

function asPostgres(bin: string, tool: string, args: string[]): void {
  const command = process.getuid?.() === 0 ? 'runuser' : join(bin, tool);
  const fullArgs =
    process.getuid?.() === 0 ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
  execFileSync(command, fullArgs, { stdio: 'pipe', timeout: 60_000 });
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error(`no PostgreSQL installation under ${ROOT}`);
  const dir = mkdtempSync(join(tmpdir(), 'sigil-pg-'));
  const data = join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  asPostgres(bin, 'initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const log = join(dir, 'log');
  const logLength = () => (existsSync(log) ? readFileSync(log, 'utf8').length : 0);
  const startOn = (port: number) => async () => {
    const logged = logLength();
    try {
      asPostgres(bin, 'pg_ctl', [
        'start',
        '-D',
        data,
        '-w',
        '-l',
        log,
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      ]);
    } catch (error) {
      // What this start logged says whether the port was taken (then onFreePort tries another).
      const said = existsSync(log) ? readFileSync(log, 'utf8').slice(logged) : '';
      if (saysPortTaken(error, said)) throw new PortTakenError(`port ${port} was taken`);
      throw error;
    }
    // pg_ctl -w returns once the server accepts connections; a query proves it.
    const url = urlOf(port);
    if (!(await answers(url))) throw new Error(`private PostgreSQL on ${port} does not answer`);
  };
  const stop = async () => {
    asPostgres(bin, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
  };
  const port = await onFreePort(async (candidate) => {
    await startOn(candidate)();
    return candidate;
  });
  const start = startOn(port);
  return {
    url: urlOf(port),
    start,
    stop,
    async remove() {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
