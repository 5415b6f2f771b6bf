import type { FastifyReply } from 'fastify';

/**
 * Adds a request header's name to the answer's `Vary`, keeping the names
 * already there (another hook may have put its own): once, whatever the
 * case, and not at all beside `*`, which already says everything.
 */
export function varyBy(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const lower = name.toLowerCase();
  if (names.some((entry) => entry === '*' || entry.toLowerCase() === lower)) return;
  reply.header('vary', [...names, lower].join(', '));
}
