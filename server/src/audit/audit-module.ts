import { MAX_USER_AGENT_LENGTH } from '../changes/change-source.js';
import { connection, MAX_PAGE, page } from '../graphql/list-bounds.js';
import type { SigilModule } from '../sigil-module.js';
import { auditConsumer } from './audit-consumer.js';
import { deleteAuditEventsBefore } from './audit-event-store.js';
import { serveAuditLogExport } from './audit-log-route.js';
import { auditResolvers } from './audit-resolvers.js';

/** The audit log (docs/administration.md): one event per change, kept AUDIT_RETENTION. */
export const auditModule: SigilModule = {
  name: 'audit',
  changeConsumers: () => [auditConsumer()],
  resolvers: [auditResolvers],
  queryCost: {
    lists: () => ({ 'AuditEventConnection.edges': connection }),
    pages: { 'Admin.auditLog': page(MAX_PAGE) },
    // A header's characters are bytes (latin1): each is at most two in UTF-8.
    largeFields: { 'AuditEvent.userAgent': MAX_USER_AGENT_LENGTH * 2 },
  },
  routes(app, services) {
    app.register(serveAuditLogExport, { services });
  },
  // Refused sign-ins go before the rest of the log: they are kept a shorter
  // time (REFUSED_SIGN_IN_RETENTION).
  housekeeping: [
    {
      table: 'audit_events',
      deleteBatch: ({ db, clock, config }, batchSize) =>
        deleteAuditEventsBefore(db, {
          before: clock() - config.refusedSignInRetentionSeconds * 1000,
          action: 'sign_in_refused',
          batchSize,
        }),
    },
    {
      table: 'audit_events',
      deleteBatch: ({ db, clock, config }, batchSize) =>
        deleteAuditEventsBefore(db, {
          before: clock() - config.auditRetentionSeconds * 1000,
          batchSize,
        }),
    },
  ],
};
