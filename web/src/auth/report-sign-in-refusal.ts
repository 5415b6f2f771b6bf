import { readRefusal } from '../graphql/read-refusal';
import { readSuspension } from './read-suspension';
import type { SignInActivity } from './sign-in-activity';

/**
 * Tells `activity` what the person must know beyond the step's message: a
 * RATE_LIMITED refusal (the notice says when to try again) or an
 * ACCOUNT_SUSPENDED one (why, and until when).
 */
export function reportSignInRefusal(error: unknown, activity: SignInActivity | undefined): void {
  const refusal = readRefusal(error);
  if (refusal?.code === 'RATE_LIMITED') activity?.rateLimited(refusal.retryAfterSeconds ?? 60);
  const suspension = readSuspension(error);
  if (suspension) activity?.accountSuspended(suspension);
}
