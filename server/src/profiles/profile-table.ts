/**
 * The profiles module's table: one row per account that changed its profile;
 * an account without a row has the defaults (see `profile-store.ts`).
 */
export type ProfilesTable = {
  account_id: string;
  /** NFC-normalised, 1 to 50 code points; null when unset. */
  display_name: string | null;
  /** NFC-normalised, at most 280 code points; null when unset. */
  bio: string | null;
  avatar_image_id: string | null;
  /** 1 when /u/<address> and publicProfile show the profile. */
  public: number;
  updated_at: number;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    profiles: ProfilesTable;
  }
}
