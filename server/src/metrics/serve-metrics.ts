import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';

export type ServeMetricsParameters = {
  metrics: Metrics;
  port: number;
  /** The interface the public listener uses too (HOST). */
  host: string;
  logger: Logger;
};

/**
 * Prometheus's scrape endpoint, GET /metrics, on a listener of its own
 * (METRICS_PORT): the public port never serves it, so what an instance
 * reveals about its load stays on the network the operator scrapes from.
 * Resolves once listening; a port in use fails the start. `close()` is part
 * of the graceful shutdown.
 */
export async function serveMetrics(p: ServeMetricsParameters): Promise<FastifyInstance> {
  const { expose } = p.metrics;
  if (!expose) throw new Error('serveMetrics needs metrics that are on');
  const server = Fastify({
    loggerInstance: p.logger.child({ listener: 'metrics' }),
    // Scrapes are routine: log only what goes wrong.
    disableRequestLogging: true,
    bodyLimit: 1024,
  }) as unknown as FastifyInstance;
  server.get('/metrics', async (_req, reply) => {
    const { contentType, text } = await expose();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
  await server.listen({ port: p.port, host: p.host });
  return server;
}
