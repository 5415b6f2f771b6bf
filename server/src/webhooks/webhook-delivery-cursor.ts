import { timeAndIdCursor } from '../store/time-and-id-cursor.js';

/** `Admin.webhookDeliveries` pages: newest delivery first, by creation time then id. */
export const webhookDeliveryCursor = timeAndIdCursor('whd', /[0-9a-f-]{36}/);
