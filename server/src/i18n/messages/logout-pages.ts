import type { MessageDescriptor } from '@lingui/core';

/**
 * The words of the provider's sign-out pages (oidc/logout-pages.ts). Written
 * as Lingui's macros would compile them (an `i18n` comment before each, the
 * id Lingui generates from the message, which page-messages.test.ts checks),
 * so `npm run i18n:extract` puts them in the web app's catalogues with no macro in the
 * server (docs/translations.md, "The server's pages").
 */
export const LOGOUT_MESSAGES = {
  title: /*i18n*/ { id: 'fcWrnU', message: 'Sign out' },
  clientAsks: /*i18n*/ {
    id: 'bStp5y',
    message: '{clientName} asks to sign you out of apps that use your Sigil account.',
    comment: 'The sign-out page an app sends a person to; clientName is the app’s name.',
  },
  question: /*i18n*/ {
    id: 'rel/Vc',
    message: 'Sign out of apps that use your Sigil account?',
    comment: 'The sign-out page an app sends a person to, when the app has no name.',
  },
  signOut: /*i18n*/ { id: 'fcWrnU', message: 'Sign out' },
  staySignedIn: /*i18n*/ {
    id: 'kjEpvu',
    message: 'Stay signed in',
    comment: 'The button that leaves the sign-out page without signing out.',
  },
  signedOutTitle: /*i18n*/ { id: 'GxoiaQ', message: 'Signed out' },
  signedOut: /*i18n*/ {
    id: '7EcSlp',
    message: 'You are signed out of the app. You can close this page.',
  },
} satisfies Record<string, MessageDescriptor>;
