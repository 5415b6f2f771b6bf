/** The roles module's table (migration 0006-access): roles granted by hand. Times are epoch milliseconds. */
export type GrantedRolesTable = {
  account_id: string;
  role: string;
  granted_at: number;
  /** The administrator's account id; null when granted outside the API. */
  granted_by: string | null;
};

// This module's tables join the one Database type (docs/architecture.md, "How to add a module").
declare module '../store/database.js' {
  interface Database {
    granted_roles: GrantedRolesTable;
  }
}
