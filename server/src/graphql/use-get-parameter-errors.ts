import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** The GET parameters Yoga reads as JSON (GraphQL over HTTP). */
const JSON_PARAMETERS = ['variables', 'extensions'] as const;

/**
 * Malformed JSON in a GET request's `variables` or `extensions` is the
 * client's mistake: a 400 naming the parameter, as a malformed POST body
 * already is. Yoga's GET parser lets the SyntaxError escape, which would be
 * masked as INTERNAL_SERVER_ERROR.
 */
export function useGetParameterErrors(): Plugin {
  return {
    onRequestParse({ request, url, requestParser, setRequestParser }) {
      if (request.method !== 'GET' || !requestParser) return;
      setRequestParser((parsed) => {
        for (const name of JSON_PARAMETERS) {
          const text = url.searchParams.get(name);
          if (!text) continue;
          try {
            JSON.parse(text);
          } catch {
            throw createGraphQLError(`The ${name} parameter is not valid JSON.`, {
              extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
            });
          }
        }
        return requestParser(parsed);
      });
    },
  };
}
