/** The roles module's table (migration 0006-access): roles granted by hand. Times are epoch milliseconds. */
export type GrantedRolesTable = {
  account_id: string;
  role: string;
  granted_at: number;
  /** The administrator's account id; null when granted outside the API. */
  granted_by: string | null;
};
