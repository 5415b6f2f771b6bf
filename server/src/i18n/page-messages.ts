import type { MessageDescriptor } from '@lingui/core';
import { ERROR_PAGE_MESSAGES } from './messages/error-page.js';
import { INDEX_PAGE_MESSAGES } from './messages/index-page.js';
import { LOGOUT_MESSAGES } from './messages/logout-pages.js';
import { PROFILE_PAGE_MESSAGES } from './messages/profile-page.js';

/** Every message of the pages the server renders itself: what it loads from the catalogues. */
export const PAGE_MESSAGES: readonly MessageDescriptor[] = [
  ...Object.values(LOGOUT_MESSAGES),
  ...Object.values(ERROR_PAGE_MESSAGES),
  ...Object.values(INDEX_PAGE_MESSAGES),
  ...Object.values(PROFILE_PAGE_MESSAGES),
];

export { ERROR_PAGE_MESSAGES, INDEX_PAGE_MESSAGES, LOGOUT_MESSAGES, PROFILE_PAGE_MESSAGES };
