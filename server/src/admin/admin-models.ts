/**
 * What `Query.admin` answers once the viewer proved to be an administrator:
 * a marker, not data. Every field below it checks again (a resolver can be
 * reached from another root only through this one, but a check per field
 * costs two indexed reads and keeps each field safe on its own).
 */
export type AdminModel = { administratorId: string };

/** The figures are read per field, each only when asked for. */
export type AdminStatsModel = { now: number };
