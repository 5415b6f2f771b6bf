import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Request } from 'playwright-core';

/**
 * Records, for one browser context, every JavaScript response (by content type,
 * or by a `.js`/`.mjs` path) and sizes those from the app's origin: the decoded
 * body and its gzip at level 9, computed here so no server's compression
 * settings enter the figure. It also tells when script traffic last moved, so
 * the caller can wait for the page to stop asking for scripts.
 */
export type LoadedScript = {
  /** The URL's path on the app's origin, e.g. `/assets/index-a1b2.js`. */
  path: string;
  bytes: number;
  gzipBytes: number;
};

export type RecordedScripts = {
  /** Largest gzip first. */
  scripts: LoadedScript[];
  /** JavaScript from other (local) origins: loaded, not the app's, not counted. */
  otherOrigins: string[];
  /** JavaScript responses whose body could not be read (a redirect, a dropped body): not counted. */
  unreadable: string[];
  /** Script requests still open when recording stopped: not counted. */
  pending: string[];
};

export type ScriptResponses = {
  /** `performance.now()` when a script request last started or ended; 0 before any. */
  lastActivity(): number;
  /** Script requests started and not yet finished or failed. */
  inFlight(): number;
  /** Stops recording and resolves once every recorded body is sized. */
  finish(): Promise<RecordedScripts>;
};

const JAVASCRIPT_TYPE = /^(?:text|application)\/(?:x-)?(?:javascript|ecmascript)\b/i;
const JAVASCRIPT_PATH = /\.m?js$/i;

function hasJavaScriptPath(url: string): boolean {
  return JAVASCRIPT_PATH.test(new URL(url).pathname);
}

/** Before its response is known: scripts and module preloads by resource type, anything else by path. */
function looksLikeScript(request: Request): boolean {
  return request.resourceType() === 'script' || hasJavaScriptPath(request.url());
}

export function trackScriptResponses(context: BrowserContext, origin: string): ScriptResponses {
  const inFlight = new Set<Request>();
  const sized: Promise<LoadedScript | undefined>[] = [];
  const otherOrigins: string[] = [];
  const unreadable: string[] = [];
  let lastActivity = 0;
  let recording = true;

  const sizeIfScript = async (request: Request): Promise<LoadedScript | undefined> => {
    const url = new URL(request.url());
    const response = await request.response().catch(() => null);
    const contentType = (await response?.headerValue('content-type').catch(() => null)) ?? '';
    if (!JAVASCRIPT_TYPE.test(contentType) && !hasJavaScriptPath(url.href)) return undefined;
    lastActivity = Math.max(lastActivity, performance.now());
    if (url.origin !== origin) {
      otherOrigins.push(url.href);
      return undefined;
    }
    const body = await response?.body().catch(() => undefined);
    if (!body) {
      unreadable.push(url.href);
      return undefined;
    }
    return {
      path: url.pathname,
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
    };
  };

  context.on('request', (request) => {
    if (!recording || !looksLikeScript(request)) return;
    inFlight.add(request);
    lastActivity = performance.now();
  });
  context.on('requestfailed', (request) => {
    if (inFlight.delete(request)) lastActivity = performance.now();
  });
  context.on('requestfinished', (request) => {
    if (inFlight.delete(request)) lastActivity = performance.now();
    if (recording) sized.push(sizeIfScript(request));
  });

  return {
    lastActivity: () => lastActivity,
    inFlight: () => inFlight.size,
    async finish() {
      recording = false;
      const pending = [...inFlight].map((request) => request.url());
      const scripts = (await Promise.all(sized))
        .filter((script): script is LoadedScript => script !== undefined)
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      return { scripts, otherOrigins, unreadable, pending };
    },
  };
}
