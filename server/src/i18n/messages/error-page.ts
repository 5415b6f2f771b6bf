import type { MessageDescriptor } from '@lingui/core';

/**
 * The words of the provider's error page (oidc/error-page.ts), which a person
 * reaches from a broken or outdated sign-in link. The error's code and
 * description stay as the API gives them, in English. Written as Lingui's
 * macros would compile them (see logout-pages.ts).
 */
export const ERROR_PAGE_MESSAGES = {
  title: /*i18n*/ {
    id: 'zntoZQ',
    message: 'This request could not be completed',
    comment:
      'The heading of the page shown when an app sends a person to Sigil with a broken sign-in or sign-out link.',
  },
  explanation: /*i18n*/ {
    id: 'z1igWh',
    message:
      'The link that brought you here asked for something Sigil cannot do. Go back to the app you came from and try again. If it keeps happening, send its team the code below.',
    comment: 'Below it, the error code and its English description, as the API gives them.',
  },
} satisfies Record<string, MessageDescriptor>;
