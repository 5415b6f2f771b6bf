import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../html/escape-html.js';
import { pageCatalogues } from '../i18n/page-catalogues.js';
import { ERROR_PAGE_MESSAGES as M } from '../i18n/page-messages.js';
import { localeOfRequest, VARY_BY_LOCALE } from '../i18n/request-locale.js';
import { providerPage } from './provider-page.js';

/**
 * The page oidc-provider shows a browser for an error it cannot send back to
 * the app (an unknown client, a redirect URI not registered): a person lands
 * on it from a broken link. A heading and a sentence in the visitor's
 * language; the error's code and description as the API gives them, in
 * English (docs/oidc.md, "Errors"), for the app's team. Escaped: the
 * description may quote the request.
 */
export async function renderErrorPage(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string | undefined },
): Promise<void> {
  ctx.vary(VARY_BY_LOCALE);
  const translator = pageCatalogues().translatorFor(localeOfRequest(ctx.req.headers));
  const code = out.error_description ? `${out.error}: ${out.error_description}` : out.error;
  ctx.type = 'html';
  ctx.body = providerPage(
    translator,
    translator.t(M.title),
    `<p>${escapeHtml(translator.t(M.explanation))}</p>
<p><code lang="en" dir="ltr">${escapeHtml(code)}</code></p>`,
  );
}
