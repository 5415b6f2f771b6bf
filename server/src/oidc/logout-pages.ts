import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../html/escape-html.js';
import { pageCatalogues } from '../i18n/page-catalogues.js';
import { LOGOUT_MESSAGES as M } from '../i18n/page-messages.js';
import { localeOfRequest, VARY_BY_LOCALE } from '../i18n/request-locale.js';
import { providerPage } from './provider-page.js';

/**
 * The provider's own pages for RP-initiated logout, in Sigil's words and the
 * visitor's language (docs/oidc.md), self-contained: oidc-provider's defaults
 * load a web font from an outside host, which Sigil's pages never do.
 */
function translatorFor(ctx: KoaContextWithOIDC) {
  ctx.vary(VARY_BY_LOCALE);
  return pageCatalogues().translatorFor(localeOfRequest(ctx.req.headers));
}

export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const translator = translatorFor(ctx);
  const { t } = translator;
  const clientName = ctx.oidc.client?.clientName;
  // The name is the app's own, in its own script: isolated (FSI … PDI), so its
  // punctuation does not take the sentence's direction ("<RP> Example" in Arabic).
  const question = clientName
    ? t(M.clientAsks, { clientName: `\u2068${clientName}\u2069` })
    : t(M.question);
  ctx.type = 'html';
  ctx.body = providerPage(
    translator,
    t(M.title),
    `<p>${escapeHtml(question)}</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(t(M.signOut))}</button>
<button type="submit" form="op.logoutForm" value="no">${escapeHtml(t(M.staySignedIn))}</button>`,
  );
}

export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  const translator = translatorFor(ctx);
  ctx.type = 'html';
  ctx.body = providerPage(
    translator,
    translator.t(M.signedOutTitle),
    `<p>${escapeHtml(translator.t(M.signedOut))}</p>`,
  );
}
