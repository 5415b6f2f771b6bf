/** The role that opens the console and the admin API (docs/administration.md). */
export const ADMIN_ROLE = 'admin';
