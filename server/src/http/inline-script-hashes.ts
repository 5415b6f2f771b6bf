import { createHash } from 'node:crypto';

/** A classic inline script: `<script>` with no attributes (a `src` would make it a file). */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/gi;

/**
 * The CSP source of every inline script in `html` (`'sha256-…'` of its text,
 * as the browser hashes it): index.html's locale startup script, which the
 * build writes inline so the first paint waits for no request of its own
 * (web/build/locale-boot-plugin.ts; docs/web-app.md, "First-visit delivery").
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, text = '']) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`,
  );
}

/**
 * `csp` with `sources` added to its `script-src`: only index.html's responses
 * allow its own inline scripts, by hash; every other response keeps the
 * policy every response gets (security-headers.ts). Without a `script-src`
 * (or without sources) it is returned as it is.
 */
export function allowInlineScripts(csp: string, sources: readonly string[]): string {
  if (sources.length === 0) return csp;
  return csp
    .split(';')
    .map((directive) =>
      /^\s*script-src\s/i.test(directive)
        ? `${directive.trimEnd()} ${sources.join(' ')}`
        : directive,
    )
    .join(';');
}
