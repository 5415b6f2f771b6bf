/**
 * Reads Prometheus's text exposition format as a scraper does, for tests
 * that assert what /metrics says. Hand-written because the registry has no
 * maintained JavaScript parser of the format; the format's sample lines are
 * simple (`name{label="value",…} value [timestamp]`).
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };

export type Exposition = {
  samples: Sample[];
  /** `# HELP` text by metric family. */
  help: Map<string, string>;
  /** `# TYPE` by metric family: counter, gauge, histogram, summary. */
  types: Map<string, string>;
};

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheusText(text: string): Exposition {
  const exposition: Exposition = { samples: [], help: new Map(), types: new Map() };
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      const [, kind, family, rest] = comment as unknown as [string, string, string, string];
      (kind === 'HELP' ? exposition.help : exposition.types).set(family, rest);
      continue;
    }
    if (line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) {
      labels[name as string] = (value as string).replace(/\\(.)/g, (_, c: string) =>
        c === 'n' ? '\n' : c,
      );
    }
    const raw = match[3] as string;
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw);
    exposition.samples.push({ name: match[1] as string, labels, value });
  }
  return exposition;
}

/** The value of the one sample named `name` whose labels include `labels`; undefined if none. */
export function sampleValue(
  exposition: Exposition,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = exposition.samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1)
    throw new Error(`${name} ${JSON.stringify(labels)} matches ${found.length} samples`);
  return found[0]?.value;
}
