import type { Db } from '../store/database.js';
import type { ProfilesTable } from './profile-table.js';
import type { ProfileChanges } from './validate-profile.js';

export type ProfileRow = ProfilesTable;

const defaults = (accountId: string): ProfileRow => ({
  account_id: accountId,
  display_name: null,
  bio: null,
  avatar_image_id: null,
  public: 0,
  updated_at: 0,
});

/** The account's profile; the defaults (private, empty) when it never changed it. */
export async function findProfile(db: Db, accountId: string): Promise<ProfileRow> {
  const row = await db
    .selectFrom('profiles')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ?? defaults(accountId);
}

/** Applies changes (and the avatar, when given) to the account's profile, creating its row on first change. */
export async function updateProfile(
  db: Db,
  p: {
    accountId: string;
    changes: ProfileChanges & { avatar_image_id?: string | null };
    now: number;
  },
): Promise<ProfileRow> {
  const changes = { ...p.changes, updated_at: p.now };
  await db
    .insertInto('profiles')
    .values({ ...defaults(p.accountId), ...changes })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(changes))
    .execute();
  return findProfile(db, p.accountId);
}
