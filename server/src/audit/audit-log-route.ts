import { rfc3339ToEpochMilliseconds } from '@sigil/siwe';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { keepAnswersOutOfSharedCaches } from '../http/keep-out-of-shared-caches.js';
import { isAdministrator } from '../roles/is-administrator.js';
import type { Services } from '../services.js';
import { resolveSession } from '../sessions/resolve-session.js';
import { AuditLogExportStoppedError, auditLogJsonLines } from './audit-log-export.js';
import { exportMayContinue } from './export-may-continue.js';

export const AUDIT_LOG_EXPORT_PATH = '/admin/audit-log.jsonl';

type ExportQuery = { since?: unknown; until?: unknown };

function refuse(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.code(status).send(body);
}

/** An optional RFC 3339 bound; `null` when present but not one. */
function timeParameter(value: unknown): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > 64) return null;
  return rfc3339ToEpochMilliseconds(value) ?? null;
}

/**
 * GET /admin/audit-log.jsonl?since=<RFC 3339>&until=<RFC 3339>: the audit
 * log as JSON Lines, oldest first, streamed (docs/administration.md, "Audit
 * log"). Only an administrator's session cookie opens it: none is a 401, a
 * non-administrator's a 403, each with the API's error code. `since` is
 * inclusive, `until` exclusive; either may be left out.
 */
const auditLogExportRoute: FastifyPluginAsync<{
  services: Pick<Services, 'clock' | 'config' | 'db'>;
}> = async (app, { services }) => {
  keepAnswersOutOfSharedCaches(app);
  app.get<{ Querystring: ExportQuery }>(AUDIT_LOG_EXPORT_PATH, async (req, reply) => {
    const { session } = await resolveSession(services, req);
    if (!session) {
      return refuse(reply, 401, { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
    }
    if (!(await isAdministrator(services.db, services.config, session.account_id))) {
      return refuse(reply, 403, {
        code: 'FORBIDDEN',
        message: 'Only an administrator may export the audit log.',
      });
    }
    const bounds: Record<'since' | 'until', number | undefined> = {
      since: undefined,
      until: undefined,
    };
    for (const name of ['since', 'until'] as const) {
      const parsed = timeParameter(req.query[name]);
      if (parsed === null) {
        return refuse(reply, 400, {
          code: 'BAD_USER_INPUT',
          parameter: name,
          message: `${name} must be one RFC 3339 date-time, e.g. 2026-01-31T00:00:00Z.`,
        });
      }
      bounds[name] = parsed;
    }
    if (bounds.since !== undefined && bounds.until !== undefined && bounds.until < bounds.since) {
      return refuse(reply, 400, {
        code: 'BAD_USER_INPUT',
        parameter: 'until',
        message: 'until must not be before since.',
      });
    }
    const stamp = new Date(services.clock()).toISOString().replace(/[:.]/g, '-');
    const body = auditLogJsonLines(services.db, {
      ...bounds,
      mayContinue: () => exportMayContinue(services, session),
    });
    // A failure mid-stream can no longer change the status: the response is
    // cut without its last chunk, so the client sees a failed download.
    body.on('error', (error) => {
      if (error instanceof AuditLogExportStoppedError) {
        req.log.info(
          { sessionId: session.id },
          'audit log export stopped: its session ended or lost admin',
        );
      } else {
        req.log.error({ err: error }, 'audit log export failed');
      }
    });
    return reply
      .header('content-type', 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="sigil-audit-log-${stamp}.jsonl"`)
      .send(body);
  });
};

/** In its own scope; it reads the session cookie (http/cookies.ts). */
export const serveAuditLogExport = fp(auditLogExportRoute, {
  name: 'sigil-audit-log-export',
  fastify: '5.x',
  encapsulate: true,
  dependencies: ['sigil-cookies'],
});
