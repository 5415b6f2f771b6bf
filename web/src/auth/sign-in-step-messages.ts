import { msg } from '@lingui/core/macro';

/**
 * The sign-in step failures of docs/sign-in.md, exact in English: one
 * descriptor each, shared by the Ethereum link, the Solana sign-in and the
 * Solana link, so every flow shows the same translated words. Read with `i18n._`.
 */
export const SIGN_IN_STEP_MESSAGES = {
  preparing: msg({
    message: 'Error preparing message, please retry!',
    comment:
      "RainbowKit's own words in this locale (its sign_in.message.preparing_error): the dialog and the page must agree",
  }),
  signing: msg({
    message: 'Error signing message, please retry!',
    comment:
      "RainbowKit's own words in this locale (its sign_in.signature.signing_error): the dialog and the page must agree",
  }),
  verifying: msg({
    message: 'Error verifying signature, please retry!',
    comment:
      "RainbowKit's own words in this locale (its sign_in.signature.verifying_error): the dialog and the page must agree",
  }),
} as const;

/** The generic failure message of docs/sign-in.md, exact in English. */
export const GENERIC_ERROR_MESSAGE = msg({
  message: 'Oops, something went wrong!',
  comment:
    "RainbowKit's own words in this locale (its sign_in.signature.oops_error): the dialog and the page must agree",
});
