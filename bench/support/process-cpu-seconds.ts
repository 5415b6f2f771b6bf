import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU time (user + system, every thread) a process has used so far, from
 * /proc/<pid>/stat. Unlike wall time it hardly moves when other work shares
 * the core, so per-CPU-second figures stay comparable on a busy machine.
 */
let ticksPerSecond: number | undefined;

export function processCpuSeconds(pid: number): number {
  ticksPerSecond ??=
    Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}
