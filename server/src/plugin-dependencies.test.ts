import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serveAuditLogExport } from './audit/audit-log-route.js';
import { serveGraphQL } from './graphql/serve-graphql.js';
import { parseCookies } from './http/cookies.js';
import { serveOidc } from './oidc/serve-oidc.js';

/** Registers `plugin` alone on a fresh app; the error its start fails with, if any. */
async function startAlone(plugin: FastifyPluginAsync<{ services: never }>) {
  const app = Fastify();
  app.register(plugin, { services: {} as never });
  return app.ready().then(
    () => undefined,
    (error: Error) => error.message,
  );
}

/**
 * A plugin that reads the session cookie, or upgrades to websockets, names
 * the plugin that provides it: registered without it, the app does not start
 * (docs/architecture.md, "Plugins and lifecycle").
 */
describe('the plugins that depend on others', () => {
  it.each([
    ['serveGraphQL', serveGraphQL, "The dependency 'sigil-cookies' of plugin 'sigil-graphql'"],
    [
      'serveAuditLogExport',
      serveAuditLogExport,
      "The dependency 'sigil-cookies' of plugin 'sigil-audit-log-export'",
    ],
    ['serveOidc', serveOidc, "The dependency 'sigil-cookies' of plugin 'sigil-oidc'"],
  ] as const)('%s refuses to start without what it needs', async (_name, plugin, message) => {
    expect(await startAlone(plugin as FastifyPluginAsync<{ services: never }>)).toContain(message);
  });

  it('serveGraphQL needs the websocket plugin too', async () => {
    const app = Fastify();
    app.register(parseCookies);
    app.register(serveGraphQL, { services: {} as never, modules: [] });
    await expect(app.ready()).rejects.toThrow(
      "The dependency 'sigil-websockets' of plugin 'sigil-graphql' is not registered",
    );
  });
});
