import type { KoaContextWithOIDC } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { logoutSource } from './logout-pages.js';

/** The sign-out question for an app named `clientName`, asked of a visitor whose language is `language`. */
async function question(language: string, clientName: string): Promise<string> {
  const ctx = {
    vary() {},
    req: { headers: { 'accept-language': language } },
    oidc: { client: { clientName } },
  } as unknown as KoaContextWithOIDC;
  await logoutSource(ctx, '<form id="op.logoutForm"></form>');
  const match = /<p>(.*)<\/p>/.exec(String(ctx.body));
  if (!match?.[1]) throw new Error('the page has no question');
  return match[1];
}

describe('the sign-out question', () => {
  it('isolates the app’s name, escaped, so a right-to-left sentence does not turn its punctuation', async () => {
    const arabic = await question('ar', 'Example <RP>');
    expect(arabic).toContain('\u2068Example &lt;RP&gt;\u2069');
  });

  it('isolates it in a left-to-right language too, where it changes nothing a reader sees', async () => {
    expect(await question('en', 'Wiki')).toBe(
      '\u2068Wiki\u2069 asks to sign you out of apps that use your Sigil account.',
    );
  });
});
