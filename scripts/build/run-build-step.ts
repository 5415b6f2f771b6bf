import { spawn } from 'node:child_process';
import { BuildFailedError } from './build-failed-error.js';
import type { BuildStep } from './build-parts.js';

/**
 * Runs one build step, quietly: what it prints is kept, and shown only when it
 * fails (a web build prints hundreds of lines that say nothing when it works).
 */
export function runBuildStep(
  part: string,
  step: BuildStep,
  env: NodeJS.ProcessEnv,
  quiet: boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(step.command, step.args, {
      cwd: step.cwd,
      env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', (error) => reject(new BuildFailedError(part, null, error.message)));
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new BuildFailedError(part, code, Buffer.concat(chunks).toString()));
    });
  });
}
