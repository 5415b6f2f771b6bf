import type { MessageDescriptor } from '@lingui/core';

/**
 * The words of a public profile's head (`/u/<address>`,
 * profiles/profile-page-head.ts): its title and, for a profile without a
 * bio, its description, which link previews show. Written as Lingui's macros
 * would compile them (see logout-pages.ts).
 */
export const PROFILE_PAGE_MESSAGES = {
  title: /*i18n*/ {
    id: 'FY6nk1',
    message: '{name} on {appName}',
    comment:
      'The title of a public profile page and of its link preview: name is the profile’s display name or short address, appName is “Sigil”.',
  },
  description: /*i18n*/ {
    id: 'jxfcvI',
    message:
      "{name}'s wallets on {appName}, each proven with a signature: verify them in your browser.",
    comment:
      'The link preview of a public profile without a bio: name is the profile’s display name or short address, appName is “Sigil”.',
  },
} satisfies Record<string, MessageDescriptor>;
