import type { ChangeSource } from '../changes/change-source.js';
import { PasskeyNotRecognizedError } from '../errors.js';
import type { Services } from '../services.js';
import { validatePasskeyName } from './passkey-name.js';
import { findAccountPasskey, type PasskeyRow, renamePasskeyRow } from './passkey-store.js';

/** Renames an account's passkey (the profile's text rules, at most 64 characters), audited as `passkey_renamed`. */
export async function renamePasskey(
  services: Pick<Services, 'changes' | 'clock'>,
  p: { accountId: string; id: string; name: string; source: ChangeSource },
): Promise<PasskeyRow> {
  const name = validatePasskeyName(p.name);
  const now = services.clock();
  return services.changes.commit(async ({ trx, record }) => {
    const found = await findAccountPasskey(trx, { accountId: p.accountId, id: p.id });
    const renamed = found && (await renamePasskeyRow(trx, { id: found.id, name }));
    if (!renamed) throw new PasskeyNotRecognizedError();
    if (found.name !== name) {
      await record(
        { ...p.source, at: now },
        { action: 'passkey_renamed', accountId: p.accountId, passkeyId: found.id, name },
      );
    }
    return renamed;
  });
}
