import { solanaCaip10 } from '@sigil/siwe';
import type { ChangeSource } from '../changes/change-source.js';
import { SigilError } from '../errors.js';
import type { Services } from '../services.js';

/**
 * Who the message says signed it (auth/message-signer.ts's shape, spelled
 * here: accounts/ imports this module, and the audit log stays below it).
 */
type ClaimedSigner = {
  namespace: 'eip155' | 'solana';
  address: string;
  chainId: number | null;
  chain: string;
};

/** The identities a claimed signer could hold: an Ethereum address as an EOA or a contract wallet, a Solana key as itself. */
function claimedIdentities(signer: ClaimedSigner): string[] {
  if (signer.namespace === 'solana') return [solanaCaip10(signer.address)];
  return [signer.address, `eip155:${signer.chainId}:${signer.address}`];
}

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
  p: { source: ChangeSource; signer: ClaimedSigner; error: unknown },
): Promise<void> {
  if (!(p.error instanceof SigilError)) return;
  const { changes, clock } = services;
  const { address, namespace, chainId, chain } = p.signer;
  await changes.commit(async ({ trx, record }) => {
    const wallet = await trx
      .selectFrom('wallets')
      .select('account_id')
      .where('identity', 'in', claimedIdentities(p.signer))
      .executeTakeFirst();
    await record(
      { ...p.source, at: clock() },
      {
        action: 'sign_in_refused',
        accountId: wallet?.account_id ?? null,
        address,
        namespace,
        chainId,
        chain,
        code: (p.error as SigilError).code,
      },
    );
  });
}
