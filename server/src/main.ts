import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { pinBuild } from './build/pin-build.js';
import { loadConfigOrExit } from './config/load-config-or-exit.js';
import { portMismatchWarning } from './config/port-mismatch-warning.js';
import { createServices } from './create-services.js';
import { serveMetrics } from './metrics/serve-metrics.js';
import { explainStartFailure } from './store/explain-start-failure.js';

async function main() {
  const config = loadConfigOrExit();
  // Node loaded this file through server/dist's symlink, by its real path: the
  // code is this build's for the whole run; the pin keeps pruning away from it
  // (docs/operations.md, "Builds and restarts").
  pinBuild(dirname(fileURLToPath(import.meta.url)));

  const services = await createServices(config).catch((error: unknown) => {
    const explained = explainStartFailure(error, config.database);
    throw explained ? new Error(explained) : error;
  });
  const app = await buildApp(services);
  // Metrics first: a METRICS_PORT in use stops the start before anything is served.
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await serveMetrics({
          metrics: services.metrics,
          port: config.metricsPort,
          host: config.host,
          logger: services.logger,
        });
  const listening = await app.listen({ port: config.port, host: config.host });
  const mismatch = portMismatchWarning(config);
  if (mismatch) app.log.warn(mismatch);
  app.log.info(
    {
      publicUrl: config.publicUrl.origin,
      listening,
      database: config.database.kind,
      chains: config.chains.map((c) => c.id),
      ...(config.metricsPort !== undefined && { metricsPort: config.metricsPort }),
    },
    `Sigil is serving ${config.publicUrl.origin}, listening on ${listening}`,
  );

  // SIGTERM or SIGINT: stop accepting, close sockets with 1001, finish what is
  // in flight, close the database and Redis, exit 0; past SHUTDOWN_TIMEOUT,
  // exit 1. A second signal exits at once.
  closeWithGrace(
    {
      delay: config.shutdownTimeoutSeconds * 1000,
      logger: { error: (message: unknown) => app.log.error(message) },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an unexpected error');
      else app.log.info({ signal }, 'shutting down');
      await app.close();
      // Last, so the shutdown itself can be watched (dependency_up, open sockets).
      await metricsServer?.close();
      app.log.info('shut down');
    },
  );
}

main().catch((error) => {
  process.stderr.write(
    `Sigil failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  if (error instanceof Error && error.cause)
    process.stderr.write(`  cause: ${String(error.cause)}\n`);
  process.exit(1);
});
