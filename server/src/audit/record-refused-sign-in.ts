import type { SiweMessage } from '@sigil/siwe';
import { SigilError } from '../errors.js';
import type { Services } from '../services.js';
import type { ChangeSource } from './change-source.js';

/**
 * Records a sign-in refused after its nonce was used up (`sign_in_refused`,
 * with the code the client got; docs/administration.md). The sign-in's own
 * transaction never committed, so this is a transaction of its own. Only a
 * refusal counts: an unexpected failure is not a verdict on the attempt.
 *
 * The message's address is a claim until the signature is checked, so the
 * account is the one its wallet would open, whichever kind it turns out to be.
 */
export async function recordRefusedSignIn(
  services: Pick<Services, 'changes' | 'clock'>,
  p: { source: ChangeSource; message: SiweMessage; error: unknown },
): Promise<void> {
  if (!(p.error instanceof SigilError)) return;
  const { changes, clock } = services;
  const { address, chainId } = p.message;
  await changes.commit(async ({ trx, record }) => {
    const wallet = await trx
      .selectFrom('wallets')
      .select('account_id')
      .where('identity', 'in', [address, `eip155:${chainId}:${address}`])
      .executeTakeFirst();
    await record(
      { ...p.source, at: clock() },
      {
        action: 'sign_in_refused',
        accountId: wallet?.account_id ?? null,
        address,
        chainId,
        code: (p.error as SigilError).code,
      },
    );
  });
}
