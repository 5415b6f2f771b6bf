// The package by its source path: Vite's config loader, like Lingui's, runs before any package is built.
import {
  LANGUAGE_TAGS,
  type Locale,
  localeCookie,
  matchLocale,
  RIGHT_TO_LEFT_LOCALES,
  SOURCE_LOCALE,
  STORED_LOCALE_KEY,
  SUPPORTED_LOCALES,
} from '../../packages/locales/src/index.ts';

export type LocaleBootScriptParameters = {
  /** Each non-English locale's catalogue chunk, as the page requests it ("/assets/messages-….js"). */
  catalogues: Readonly<Record<string, string>>;
  /** index.html's "Loading Sigil…" in each locale that has it translated. */
  loadingTexts: Readonly<Record<string, string>>;
  /**
   * What index.html loads once its first paint is on screen, in this order: the modules to
   * preload ("/assets/react-….js"), the requests to preload as `fetch` ("/api/config"), and
   * the entry itself. None when index.html loads them itself (as in the unit tests' page).
   */
  afterPaint?: { modules: readonly string[]; fetches: readonly string[]; entry: string };
};

/**
 * The source of the classic script index.html runs in its head, before the
 * entry and before the first paint: it picks the locale as main.tsx will (the
 * remembered choice, else matchLocale over navigator.languages), sets `<html
 * lang dir>` so nothing is laid out in the wrong direction first, shows the
 * loading line in that language (through a CSS variable the `.boot` rule
 * reads), and asks for the locale's catalogue chunk (a modulepreload) with
 * the entry, so it arrives alongside the entry rather than one round trip
 * after it. In a build it loads the entry itself, after the first paint.
 * An English visitor fetches no catalogue: English is in the entry. Where
 * the locale is not the one index.html's first paint was written in, it
 * marks the page so the loading line shows instead; and it keeps a tap on
 * the first paint's buttons for main.tsx.
 * (docs/translations.md, "How the locale is chosen").
 */
export function localeBootScript({
  catalogues,
  loadingTexts,
  afterPaint,
}: LocaleBootScriptParameters): string {
  const data = {
    supported: SUPPORTED_LOCALES,
    fallback: SOURCE_LOCALE,
    tags: LANGUAGE_TAGS,
    rtl: RIGHT_TO_LEFT_LOCALES,
    key: STORED_LOCALE_KEY,
    catalogues,
    loading: loadingTexts,
    after: afterPaint ?? null,
    // The language menu's cookie (i18n/stored-locale.ts), `Secure` added on https.
    cookie: localeCookie('{locale}' as Locale, { secure: false }),
  };
  return `(function () {
  var d = ${JSON.stringify(data)};
  var matchLocale = ${matchLocale.toString()};
  var locale = null;
  try {
    var stored = localStorage.getItem(d.key);
    if (d.supported.indexOf(stored) !== -1) locale = stored;
  } catch (error) {}
  if (locale === null) {
    var languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
    locale = matchLocale(languages, d.supported, d.fallback);
  }
  var root = document.documentElement;
  // The first paint in index.html is in the language the server picked: in another, the
  // loading line shows until main.tsx paints (docs/web-app.md, "The first paint in index.html").
  if (root.getAttribute('lang') !== d.tags[locale]) root.setAttribute('data-first-paint', 'stale');
  root.lang = d.tags[locale];
  root.dir = d.rtl.indexOf(locale) !== -1 ? 'rtl' : 'ltr';
  if (Object.prototype.hasOwnProperty.call(d.loading, locale)) {
    root.style.setProperty('--boot-text', JSON.stringify(d.loading[locale]));
  }
  function preload(rel, href, as) {
    var link = document.createElement('link');
    link.rel = rel;
    link.crossOrigin = 'anonymous';
    if (as) link.as = as;
    link.href = href;
    document.head.appendChild(link);
  }
  // The page's scripts once its first paint (index.html's own content) is on screen, a frame
  // after it: the content waits for none of them, nor shares the network with them
  // (docs/web-app.md, "The first paint in index.html"). A hidden tab draws no frame until it is
  // shown: the timer, for a tab left hidden.
  var loaded = false;
  function load() {
    if (loaded) return;
    loaded = true;
    if (Object.prototype.hasOwnProperty.call(d.catalogues, locale)) preload('modulepreload', d.catalogues[locale]);
    if (d.after === null) return;
    d.after.modules.forEach(function (href) { preload('modulepreload', href); });
    d.after.fetches.forEach(function (href) { preload('preload', href, 'fetch'); });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = 'anonymous';
    entry.src = d.after.entry;
    document.head.appendChild(entry);
  }
  if (d.after === null) load();
  else {
    requestAnimationFrame(function () { setTimeout(load, 0); });
    // Long: a frame comes late on a busy phone, and the scripts must not race the paint there.
    setTimeout(load, 3000);
  }
  // A tap on the first paint's Connect, "Get started" or passkey button before main.tsx has run:
  // kept for it (first-paint/early-clicks.ts), as its own buttons keep a tap before the stack's.
  // Connect opens the first paint's own early wallet list at once, a native modal dialog
  // (Escape, its close button or a tap on the backdrop close it and drop the request); a wallet
  // tapped there is kept too (docs/web-app.md, "The first paint in index.html").
  var clicks = [];
  window.sigilEarlyClicks = clicks;
  var LIST = '[data-testid="early-wallet-list"]';
  function connectBusy(busy) {
    var placeholder = document.querySelector('[data-testid="connect-placeholder"]');
    if (placeholder) placeholder.setAttribute('aria-busy', busy ? 'true' : 'false');
    var said = document.querySelector('[data-busy-text]');
    if (said) said.textContent = busy ? said.getAttribute('data-busy-text') : '';
  }
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (window.sigilEarlyClicks !== clicks || !target || !target.closest) return;
    var list = target.closest(LIST);
    if (list) {
      var option = target.closest('[data-early-wallet]');
      if (target === list || target.closest('.early-wallet-close')) list.close();
      else if (option) {
        clicks.push('wallet:' + option.getAttribute('data-early-wallet'));
        option.setAttribute('aria-pressed', 'true');
      }
      return;
    }
    var button = target.closest('[data-early-click]');
    if (!button) return;
    var what = button.getAttribute('data-early-click');
    clicks.push(what);
    if (what !== 'connect') return;
    connectBusy(true);
    var dialog = document.querySelector(LIST);
    if (dialog && !dialog.open && dialog.showModal) dialog.showModal();
  });
  // A language chosen in the first paint's menu before main.tsx has run: remembered as the menu
  // remembers it (i18n/stored-locale.ts), and the page loaded again, which the server then
  // writes in that language.
  document.addEventListener('change', function (event) {
    var menu = event.target;
    if (window.sigilEarlyClicks !== clicks || !menu.matches || !menu.matches('[data-testid="language-menu"]')) return;
    if (d.supported.indexOf(menu.value) === -1) return;
    try {
      localStorage.setItem(d.key, menu.value);
    } catch (error) {}
    document.cookie = d.cookie.replace('{locale}', menu.value) + (location.protocol === 'https:' ? '; Secure' : '');
    location.reload();
  });
  document.addEventListener('close', function (event) {
    if (window.sigilEarlyClicks !== clicks || !event.target.matches || !event.target.matches(LIST)) return;
    for (var i = clicks.length - 1; i >= 0; i--) {
      if (clicks[i] === 'connect' || clicks[i].indexOf('wallet:') === 0) clicks.splice(i, 1);
    }
    connectBusy(false);
  }, true);
})();
`;
}
