/**
 * True when a request failed before the server gave an answer about it:
 * fetch failures, unparseable bodies, gateways and overloaded servers (5xx).
 * A 4xx is the server's answer (rate limited, refused): asking again cannot help.
 */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'AbortError') return false;
  if (error.name === 'ServerError' && 'statusCode' in error) {
    return typeof error.statusCode === 'number' && error.statusCode >= 500;
  }
  return true;
}
