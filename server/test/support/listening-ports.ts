import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** TCP state 0A in /proc/net/tcp: LISTEN. */
const LISTEN = '0A';

/**
 * The TCP ports a process listens on, read from Linux's /proc: its open
 * file descriptors name socket inodes, and /proc/<pid>/net/tcp{,6} say which
 * of those sockets listen and on what port. What the kernel says, not what
 * the server logs, so a listener nobody announced is seen too.
 */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // The descriptor closed while we looked.
    }
  }
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    const lines = readFileSync(`/proc/${pid}/net/${table}`, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1], fields[3], fields[9]];
      if (state === LISTEN && inode && inodes.has(inode) && local) {
        ports.add(Number.parseInt(local.split(':')[1] ?? '', 16));
      }
    }
  }
  return [...ports].sort((a, b) => a - b);
}
