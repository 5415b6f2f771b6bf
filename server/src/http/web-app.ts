import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { pinBuild } from '../build/pin-build.js';
import { type PageCatalogues, pageCatalogues } from '../i18n/page-catalogues.js';
import { localeOfRequest, VARY_BY_LOCALE } from '../i18n/request-locale.js';
import { findProfilePage } from '../profiles/find-profile-page.js';
import { withProfileFirstPaint } from '../profiles/profile-first-paint.js';
import { renderProfilePageHead } from '../profiles/profile-page-head.js';
import type { Services } from '../services.js';
import { isAppRoute } from './app-routes.js';
import { firstPaintPageOf, readFirstPaints } from './first-paint-html.js';
import { indexHtmlVariants } from './index-html-variants.js';
import { allowInlineScripts, inlineScriptHashes } from './inline-script-hashes.js';
import { preferredEncoding } from './preferred-encoding.js';

/** A symlink to the current build (scripts/build/swap-in-build.ts), or a plain folder. */
export const defaultWebRoot = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Extensions of the files a build (or a browser on its own) asks for. A
 * missing one is a bare 404; any other path a browser opens gets index.html,
 * dots included (`/u/alice.eth`): with 200 on an app route (app-routes.ts),
 * with 404 elsewhere.
 */
const FILE_EXTENSION =
  /\.(js|mjs|css|map|json|txt|xml|html|ico|png|jpe?g|gif|webp|avif|svg|woff2?|ttf|otf|wasm|webmanifest)$/i;

/** What index.html depends on: the encoding, and the locale (i18n/request-locale.ts). */
const INDEX_HTML_VARY = `accept-encoding, ${VARY_BY_LOCALE}`;

export type ServeWebAppOptions = {
  /** Where the web build lives. @default web/dist */
  webRoot?: string | undefined;
  /** For the profile pages' heads (`/u/<address>`); without them, none are rendered. */
  services?: Pick<Services, 'db' | 'config' | 'clock'>;
  /** The words of index.html in each locale. @default the web app's catalogues */
  catalogues?: PageCatalogues;
};

/**
 * Serves the production web build. Hashed assets (`/assets/*`) are cached for
 * a year as immutable; everything else, index.html first, is revalidated at
 * every load, so a deploy is picked up at once. Paths that look like pages
 * get index.html: with 200 where the app has a page (app-routes.ts), with 404
 * elsewhere (the app shows its own not-found page); unknown files, and
 * anything under /assets/, get a 404 without HTML. `/u/<address>` gets index.html with the
 * public profile's title, description and link-preview tags in its head.
 *
 * index.html is in the visitor's language (the sigil-locale cookie, else
 * Accept-Language: localized-index-html.ts), so it varies by both too.
 *
 * The build writes a brotli and a gzip copy beside each text file
 * (web/vite.config.ts); the best one the browser accepts is sent as it is.
 * index.html's variants are compressed once per locale (index-html-variants.ts),
 * and what is rendered per request is compressed by compress-responses.ts.
 * Every answer varies by Accept-Encoding, identity ones included
 * (docs/web-app.md, "First-visit delivery").
 *
 * In its own scope: its not-found handler answers every path no route took,
 * after the root's hooks (where the OpenID Connect provider's middleware
 * takes its own paths, oidc/serve-oidc.ts).
 */
export const serveWebApp: FastifyPluginAsync<ServeWebAppOptions> = async (
  app,
  { webRoot = defaultWebRoot, services, catalogues = pageCatalogues() },
) => {
  if (!existsSync(`${webRoot}/index.html`)) {
    app.log.warn(
      { root: webRoot },
      'no web build found: run `npm run build` to serve the app at /',
    );
    app.get('/', async (_req, reply) =>
      reply
        .type('text/plain')
        .send('Sigil API is running. The web app is not built: run `npm run build`.'),
    );
    return;
  }
  // The build is resolved once, here, and served until the process stops: a
  // later build swaps web/dist to another folder, and this instance keeps
  // answering for the pages and scripts it handed out, never a mix of two
  // builds. The pin keeps pruning away from it (docs/operations.md, "Builds
  // and restarts").
  const root = realpathSync(webRoot);
  pinBuild(root);
  app.log.debug({ webBuild: root }, 'serving the web build');
  const assetsDir = join(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // send's own Cache-Control (max-age=0) would override the one set below.
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        resolve(path).startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Read once: a deploy restarts the server, and every page starts from it.
  const indexHtml = readFileSync(`${root}/index.html`, 'utf8');
  // Each page's first paint in each locale, written into index.html (first-paint-html.ts).
  const firstPaints = readFirstPaints(root);
  const variants = indexHtmlVariants(indexHtml, catalogues, firstPaints);
  // The locale startup script is inline (web/build/locale-boot-plugin.ts): index.html's own
  // policy allows it, by hash, and no other inline script. Every variant keeps it as built.
  const scriptSources = inlineScriptHashes(indexHtml);
  /** The policy every response gets (security-headers.ts), with index.html's inline scripts allowed. */
  function allowIndexHtmlScripts(reply: FastifyReply) {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      reply.header('content-security-policy', allowInlineScripts(csp, scriptSources));
    }
  }
  /** index.html in the visitor's language, compressed once per locale, revalidated at every load. */
  function sendIndexHtml(req: FastifyRequest, reply: FastifyReply) {
    const path = req.url.split('?')[0] ?? '/';
    const variant = variants.variantFor(localeOfRequest(req.headers), firstPaintPageOf(path));
    allowIndexHtmlScripts(reply);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', INDEX_HTML_VARY)
      .header('etag', variant.etag)
      .type('text/html; charset=utf-8');
    if (reply.statusCode === 200 && req.headers['if-none-match'] === variant.etag) {
      return reply.code(304).send();
    }
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(variant.bodies[encoding ?? 'identity']);
  }
  app.setNotFoundHandler(async (req, reply) => {
    const acceptsHtml = req.headers.accept?.includes('text/html');
    const path = req.url.split('?')[0] ?? '';
    const isPage =
      req.method === 'GET' &&
      acceptsHtml &&
      !path.startsWith('/assets/') &&
      !FILE_EXTENSION.test(path);
    // A path no page has still gets the app, which shows its not-found page,
    // but with a 404: a crawler or a link checker must not take it for a page.
    if (isPage) return sendIndexHtml(req, isAppRoute(path) ? reply : reply.code(404));
    return reply.code(404).send({ error: 'Not Found' });
  });
  app.get('/', async (req, reply) => sendIndexHtml(req, reply));

  if (services) {
    app.get<{ Params: { address: string } }>('/u/:address', async (req, reply) => {
      const { wallet, profile, avatar } = await findProfilePage(services, req.params.address);
      const translator = catalogues.translatorFor(localeOfRequest(req.headers));
      const page = firstPaintPageOf(req.url.split('?')[0] ?? '');
      // A public profile's section is in the HTML, as `/`'s content is (profile-first-paint.ts);
      // any other page of this path shows its first paint's loading line until the app knows.
      const withSection =
        profile && page === 'profile' && firstPaints?.[translator.locale]?.['profile-found']
          ? withProfileFirstPaint(variants.variantFor(translator.locale, 'profile-found').html, {
              config: services.config,
              profile,
              avatar,
            })
          : variants.variantFor(translator.locale, page).html;
      const html = renderProfilePageHead(withSection, {
        config: services.config,
        profile,
        avatar,
        translator,
      });
      allowIndexHtmlScripts(reply);
      // A path that is not an address names no profile: the app shows its not-found
      // page, with the status a crawler or a link checker reads as such.
      return reply
        .code(wallet ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('vary', INDEX_HTML_VARY)
        .type('text/html; charset=utf-8')
        .send(html);
    });
  }
};
