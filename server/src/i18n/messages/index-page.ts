import type { MessageDescriptor } from '@lingui/core';

/**
 * The words of index.html a reader without scripts sees (http/localized-index-html.ts):
 * its description, for search results and link previews, and its loading
 * line (the same message as web/src/i18n/boot-text.ts). Written as Lingui's
 * macros would compile them (see logout-pages.ts).
 */
export const INDEX_PAGE_MESSAGES = {
  description: /*i18n*/ {
    id: 'cexw9Q',
    message:
      'Sigil: connect a wallet, prove you own it with Sign-In with Ethereum or Sign In With Solana.',
    comment:
      'The description search engines and link previews show for the site. Keep the names of the two standards as your locale’s glossary says.',
  },
  loading: /*i18n*/ { id: 'ztcNRe', message: 'Loading Sigil…' },
} satisfies Record<string, MessageDescriptor>;
