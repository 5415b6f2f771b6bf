import { type ChildProcess, spawn } from 'node:child_process';
import { failureBound } from './failure-bound.js';

/**
 * Starts a child process that keeps only the tail of what it prints (a
 * server or node left running for minutes must not grow without bound), and
 * stops it politely: SIGTERM, then SIGKILL after a grace period.
 */
export type SpawnCappedParameters = {
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** The last this many characters of stdout and stderr are kept. @default 20000 */
  keepChars?: number;
  /** stderr goes to this process's stderr (progress lines stay visible) instead of being kept. @default false */
  inheritStderr?: boolean;
  /** How long `stop()` waits after SIGTERM before SIGKILL. @default 5000 */
  killAfterMs?: number;
  /**
   * Starts the child in a process group of its own and signals the whole group: for
   * `npm start`, whose shell would die of a SIGTERM and leave the server running. @default false
   */
  processGroup?: boolean;
};

export type WaitUntilReadyParameters = {
  /** Asked again and again until it resolves true. */
  ready: () => Promise<boolean>;
  /** For the error: "/healthz to answer 200". */
  what: string;
  /** A failure bound, not a wait: readiness ends the wait the moment it holds. @default 60000 */
  timeoutMs?: number;
};

export type CappedChild = {
  child: ChildProcess;
  /** What the child printed so far (its last `keepChars` characters). */
  output(): string;
  /** Resolves with the exit code (null when a signal ended it, or it never started). */
  exited: Promise<number | null>;
  /**
   * Resolves once `ready()` holds; throws, with the output, when the child ends
   * first or the deadline passes (the child is stopped then).
   */
  waitUntilReady(parameters: WaitUntilReadyParameters): Promise<void>;
  stop(): Promise<void>;
};

const POLL_INTERVAL_MS = 100;

export function spawnCapped(parameters: SpawnCappedParameters): CappedChild {
  const { command, args, cwd, env, keepChars = 20_000, inheritStderr = false } = parameters;
  const { killAfterMs = 5000, processGroup = false } = parameters;
  const child = spawn(command, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', inheritStderr ? 'inherit' : 'pipe'],
    detached: processGroup,
  });
  const kill = (signal: NodeJS.Signals) => {
    if (!processGroup || child.pid === undefined) return child.kill(signal);
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is gone already.
    }
  };
  let output = '';
  const keep = (chunk: Buffer | string) => {
    output = (output + chunk.toString()).slice(-keepChars);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let ended = false;
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      ended = true;
      resolve(code);
    });
    // Spawning itself failed (no such command): there will be no 'exit'.
    child.once('error', (error) => {
      ended = true;
      keep(`\n${command}: ${error.message}\n`);
      resolve(null);
    });
  });

  const stop = async () => {
    if (ended) return;
    kill('SIGTERM');
    const timer = setTimeout(() => kill('SIGKILL'), killAfterMs);
    await exited;
    clearTimeout(timer);
  };

  const waitUntilReady = async ({
    ready,
    what,
    timeoutMs = failureBound(60_000),
  }: WaitUntilReadyParameters) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await ready())) {
      if (ended) {
        throw new Error(
          `${command} exited with ${child.exitCode} while waiting for ${what}:\n${output}`,
        );
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`still waiting for ${what} after ${timeoutMs / 1000} s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
    }
  };

  return { child, output: () => output, exited, waitUntilReady, stop };
}
