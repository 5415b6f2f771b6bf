// Checks every relative link of README.md and docs/**/*.md: the file it names
// exists, and a `#fragment` into a Markdown file names one of its headings.
//
//   npx tsx scripts/docs/check-relative-links.ts
//
// Prints each broken link and exits 1 if there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (!heading?.[1]) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Links outside code: `[text](target)` and `![alt](target)`, with their line numbers. */
function linksOf(file: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  let fenced = false;
  for (const [index, text] of readFileSync(file, 'utf8').split('\n').entries()) {
    if (text.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const outsideCode = text.replace(/`[^`]*`/g, '');
    for (const match of outsideCode.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (match[1]) links.push({ line: index + 1, target: match[1] });
    }
  }
  return links;
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
const broken: string[] = [];
for (const file of files) {
  for (const { line, target } of linksOf(file)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
    const [path = '', fragment] = target.split('#');
    const destination = path === '' ? file : resolve(dirname(file), decodeURI(path));
    const where = `${relative(root, file)}:${line}: ${target}`;
    if (!existsSync(destination)) {
      broken.push(`${where} (no such file)`);
    } else if (fragment && destination.endsWith('.md') && !anchorsOf(destination).has(fragment)) {
      broken.push(`${where} (no such heading)`);
    }
  }
}
for (const line of broken) process.stdout.write(`${line}\n`);
process.stdout.write(`${files.length} files checked, ${broken.length} broken links\n`);
process.exitCode = broken.length > 0 ? 1 : 0;
