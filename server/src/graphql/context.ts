import type { AccountRow } from '../accounts/account-store.js';
import type { Services } from '../services.js';
import type { SessionRow } from '../sessions/session-store.js';

/** Per request (HTTP) or per operation (websocket). */
export type GraphQLContext = {
  services: Services;
  /** The live session this request carries, resolved once when the context is built. */
  session: SessionRow | undefined;
  /**
   * The session's account as the session lookup read it (one statement with
   * the session); `me` answers from it while it is still the session's.
   */
  sessionAccount?: AccountRow | undefined;
  /** The raw cookie token, for rotation at sign-in. */
  sessionToken: string | undefined;
  origin: string | null;
  userAgent: string | null;
  /** The client, as rate limits count it: its address (TRUST_PROXY decides which), an IPv6 one by its /64. */
  clientAddress: string;
  /** The client's own address (TRUST_PROXY decides which), whole: what the audit log records. */
  clientIp: string;
  requestId: string;
  /** Sets or clears the session cookie on the HTTP response; absent on websockets. */
  cookies?: {
    setSession(token: string): void;
    clearSession(): void;
  };
};
