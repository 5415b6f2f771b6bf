import type { ChangeSource } from '../audit/change-source.js';
import { SigilError } from '../errors.js';
import type { Services } from '../services.js';

/**
 * Records a passkey sign-in refused after its challenge was used up
 * (`sign_in_refused` with `method: passkey` and the code the client got),
 * in a transaction of its own: the sign-in's never committed, so this record
 * is all that is kept of the attempt. As for a wallet, only a refusal counts,
 * not an unexpected failure (audit/record-refused-sign-in.ts).
 */
export async function recordRefusedPasskeySignIn(
  services: Pick<Services, 'changes' | 'clock'>,
  p: {
    source: ChangeSource;
    /** The passkey the response named, when it is one of this server's. */
    passkey: { id: string; account_id: string } | undefined;
    error: unknown;
  },
): Promise<void> {
  if (!(p.error instanceof SigilError)) return;
  const code = p.error.code;
  await services.changes.commit(async ({ record }) => {
    await record(
      { ...p.source, at: services.clock() },
      {
        action: 'sign_in_refused',
        method: 'passkey',
        accountId: p.passkey?.account_id ?? null,
        passkeyId: p.passkey?.id ?? null,
        code,
      },
    );
  });
}
