import type { FastifyPluginAsync } from 'fastify';
import type { DependencyHealth } from '../metrics/metrics.js';
import type { Services } from '../services.js';
import type { RedisHealth } from '../store/create-redis-client.js';

/** What the dependency checks read of the services. */
export type HealthServices = Pick<Services, 'events' | 'rateLimiter' | 'store'>;

/** A database that has not answered by then counts as down: a probe must not hang. */
const PING_DEADLINE_MS = 2000;

async function databaseAnswers(services: Pick<Services, 'store'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_DEADLINE_MS);
  });
  try {
    return await Promise.race([services.store.ping().catch(() => false), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Redis serves two purposes; if either has lost it, the instance runs degraded. */
function redisHealth(services: Pick<Services, 'events' | 'rateLimiter'>): RedisHealth {
  const states = [services.events.redisHealth(), services.rateLimiter.redisHealth()];
  if (states.includes('down')) return 'down';
  return states.includes('ok') ? 'ok' : 'off';
}

/** Each dependency's state: what /readyz answers, and what metrics report. */
export async function checkDependencies(services: HealthServices): Promise<DependencyHealth> {
  return { database: await databaseAnswers(services), redis: redisHealth(services) };
}

/**
 * /healthz: the process is up. /readyz: 200 while the database answers, 503
 * otherwise; the body gives each dependency's state. Redis down is
 * "degraded", still 200: the instance serves with its own events and limits
 * until Redis returns.
 */
export const serveHealth: FastifyPluginAsync<{
  services: HealthServices & Pick<Services, 'metrics'>;
}> = async (app, { services }) => {
  app.get('/healthz', async (_req, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  services.metrics.observe({ dependencies: () => checkDependencies(services) });
  app.get('/readyz', async (_req, reply) => {
    const { database, redis } = await checkDependencies(services);
    const status = !database ? 'unavailable' : redis === 'down' ? 'degraded' : 'ready';
    return reply
      .code(database ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status,
        database: database ? 'ok' : 'unreachable',
        ...(redis !== 'off' && { redis }),
      });
  });
};
