import type { Services } from '../../src/services.js';
import { type Exposition, parsePrometheusText } from './parse-prometheus-text.js';

/**
 * A server's metrics as a scrape would read them, taken in process (the
 * METRICS_PORT listener is main.ts's, not started by the test server).
 * Throws when the server runs without METRICS_PORT.
 */
export async function metricsOf(server: {
  services: Pick<Services, 'metrics'>;
}): Promise<Exposition> {
  const exposed = await server.services.metrics.expose?.();
  if (!exposed) throw new Error('metrics are off: start the test server with `metrics: true`');
  return parsePrometheusText(exposed.text);
}
