import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** The headers any one of which marks a request as sent by a same-origin script. */
export const CSRF_HEADERS = ['x-graphql-yoga-csrf', 'apollo-require-preflight'] as const;

/** What a request without one of them is told: which header, and why (docs/api.md). */
export const CSRF_HEADER_MISSING_MESSAGE =
  'This request needs the x-graphql-yoga-csrf header (any value): a GET, or a POST of a form or text/plain, ' +
  'is refused without it, so another site cannot send it in your name. ' +
  'Send it, or send the body as application/json.';

/**
 * Yoga's CSRF prevention, with a refusal that names the header and what to do:
 * the plugin's own "Required CSRF header(s) not present" says neither. GET
 * requests and "simple" POSTs skip CORS preflight, so they must carry a header
 * a browser only lets a same-origin script set.
 */
export function useCsrfHeader(): Plugin {
  const prevention = useCSRFPrevention({ requestHeaders: [...CSRF_HEADERS] });
  return {
    onRequestParse(payload) {
      try {
        return prevention.onRequestParse?.(payload);
      } catch {
        throw createGraphQLError(CSRF_HEADER_MISSING_MESSAGE, {
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 403 } },
        });
      }
    },
  };
}
