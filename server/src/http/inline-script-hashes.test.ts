import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allowInlineScripts, inlineScriptHashes } from './inline-script-hashes.js';

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script as the browser does (UTF-8, base64)', () => {
    const script = '(function () { var t = "読み込んでいます…"; })();';
    const html = `<head><meta charset="UTF-8" />\n<script>${script}</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha256(script)]);
    // The CSP3 example: alert('Hello, world.');
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
  });

  it('leaves script files alone', () => {
    expect(
      inlineScriptHashes(
        '<script type="module" src="/assets/index.js"></script><script src="/a.js"></script>',
      ),
    ).toEqual([]);
  });
});

describe('allowInlineScripts', () => {
  const csp = "default-src 'self';script-src 'self';script-src-attr 'none';object-src 'none'";

  it('adds the hashes to script-src only, not to script-src-attr', () => {
    expect(allowInlineScripts(csp, ["'sha256-abc='"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-abc=';script-src-attr 'none';object-src 'none'",
    );
  });

  it('changes nothing without hashes', () => {
    expect(allowInlineScripts(csp, [])).toBe(csp);
  });
});
