import { timeAndIdCursor } from '../store/time-and-id-cursor.js';

/** `Admin.auditLog` pages: newest event first, by time then id (UUIDv7). */
export const auditCursor = timeAndIdCursor('audit', /[0-9a-f-]{36}/);
