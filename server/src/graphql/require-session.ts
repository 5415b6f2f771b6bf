import { UnauthenticatedError } from '../errors.js';
import type { SessionRow } from '../sessions/session-store.js';
import type { GraphQLContext } from './context.js';

export function requireSession(context: GraphQLContext): SessionRow {
  if (!context.session) throw new UnauthenticatedError();
  return context.session;
}
