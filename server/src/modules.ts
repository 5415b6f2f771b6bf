import { accessModule } from './access/access-module.js';
import { accountsModule } from './accounts/accounts-module.js';
import { adminModule } from './admin/admin-module.js';
import { auditModule } from './audit/audit-module.js';
import { authModule } from './auth/auth-module.js';
import { signatureModule } from './auth/signature/signature-module.js';
import { eventsModule } from './events/events-module.js';
import { imagesModule } from './images/images-module.js';
import { oidcModule } from './oidc/oidc-module.js';
import { passkeysModule } from './passkeys/passkeys-module.js';
import { profilesModule } from './profiles/profiles-module.js';
import { rpcModule } from './rpc/rpc-module.js';
import { sessionsModule } from './sessions/sessions-module.js';
import type { SigilModule } from './sigil-module.js';
import { webhooksModule } from './webhooks/webhooks-module.js';

/**
 * Every module of the server, one line each (docs/architecture.md, "How to
 * add a module"). The order is the order their services open (and, reversed,
 * close: the access checker's writes end before what it uses closes), their
 * change consumers hear a change (the audit log, then webhooks), and their
 * routes register (OpenID Connect's hooks after the other routes).
 */
export const modules: readonly SigilModule[] = [
  signatureModule,
  eventsModule,
  authModule,
  accountsModule,
  sessionsModule,
  profilesModule,
  rpcModule,
  imagesModule,
  accessModule,
  adminModule,
  auditModule,
  oidcModule,
  webhooksModule,
  passkeysModule,
];
