import { timeAndIdCursor } from '../store/time-and-id-cursor.js';

/** `Admin.accounts` pages: newest account first, by creation time then id. */
export const accountCursor = timeAndIdCursor('account', /[A-Za-z0-9-]{1,64}/);
