// What grew between two heap snapshots (V8 .heapsnapshot files), by node type
// and name, largest growth in retained-by-itself bytes first:
//   node --import tsx bench/memory-soak/compare-heap-snapshots.ts <before> <after> [top]
import { readFileSync } from 'node:fs';

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

function countByName(path: string): Map<string, { count: number; bytes: number }> {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const counts = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt] as number] ?? '?';
    const rawName = data.strings[data.nodes[i + nameAt] as number] ?? '?';
    const name =
      type === 'string' || type === 'concatenated string' || type === 'sliced string'
        ? '(string)'
        : rawName.slice(0, 80);
    const key = `${type}: ${name}`;
    const entry = counts.get(key) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += data.nodes[i + sizeAt] as number;
    counts.set(key, entry);
  }
  return counts;
}

const [beforePath, afterPath, topText] = process.argv.slice(2);
if (!beforePath || !afterPath)
  throw new Error('usage: compare-heap-snapshots.ts <before> <after> [top]');
const before = countByName(beforePath);
const after = countByName(afterPath);
const growth = [...after].map(([key, value]) => {
  const was = before.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: value.count - was.count, bytes: value.bytes - was.bytes };
});
growth.sort((a, b) => b.bytes - a.bytes);
for (const { key, count, bytes } of growth.slice(0, Number(topText ?? 30))) {
  console.log(
    `${(bytes / 1024).toFixed(0).padStart(8)} KiB  ${String(count).padStart(8)} objects  ${key}`,
  );
}
