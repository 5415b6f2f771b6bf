// Preloaded into the server by the memory soak (`node --expose-gc --import
// bench/memory-soak/report-memory.mjs server/dist/main.js`): a listener of its
// own on 127.0.0.1:BENCH_MEMORY_PORT answers every request by collecting
// garbage and sending process.memoryUsage() as JSON, so the bench reads the
// server's own heap figures without adding anything to the product. (Not a
// signal: close-with-grace treats SIGUSR2 as a shutdown.) With ?snapshot=PATH
// it also writes a heap snapshot (bench/memory-soak.ts --snapshots).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { writeHeapSnapshot } from 'node:v8';
import { isMainThread } from 'node:worker_threads';

/**
 * Resident bytes by kind of mapping (/proc/self/smaps): `brk` is the main
 * malloc heap, `anonymous` V8's pages and the other threads' malloc arenas,
 * `file` code and mapped files: where RSS that is not JavaScript heap lives.
 */
function residentByMapping() {
  const resident = { brk: 0, anonymous: 0, file: 0 };
  let kind = 'anonymous';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1] ?? '';
      kind = name === '[heap]' ? 'brk' : name.startsWith('/') ? 'file' : 'anonymous';
    } else if (line.startsWith('Rss:')) {
      resident[kind] += Number(line.split(/\s+/)[1]) * 1024;
    }
  }
  return resident;
}

const port = Number(process.env.BENCH_MEMORY_PORT);
if (isMainThread && port) {
  const server = createServer((request, response) => {
    globalThis.gc?.();
    response.setHeader('content-type', 'application/json');
    // ?snapshot=<path>: also a heap snapshot there, to see what grew between two.
    const snapshot = new URL(request.url ?? '/', 'http://x').searchParams.get('snapshot');
    if (snapshot) writeHeapSnapshot(snapshot);
    response.end(JSON.stringify({ ...process.memoryUsage(), resident: residentByMapping() }));
  });
  server.listen(port, '127.0.0.1');
  // The server's own shutdown must not wait for this listener.
  server.unref();
}
