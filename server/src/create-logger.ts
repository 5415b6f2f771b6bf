import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config/load-config.js';

/**
 * Logs never carry tokens: cookies and set-cookie are redacted wherever they
 * appear. `destination` (stdout by default) lets tests read what production logs.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.cookie',
        '*.token',
        'token',
      ],
      censor: '[redacted]',
    },
  };
  // Asynchronous stdout: a line is written as soon as the previous write is
  // done, so lines that pile up under load go out in one write instead of one
  // blocking write each. At the default level (two lines per request) that
  // raised authenticated `me` queries per server CPU-second from about 1,450
  // to 1,600 before to about 1,830 (bench/me-throughput.ts). pino flushes
  // what is left synchronously when the process exits (test/log-flush.test.ts).
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}
