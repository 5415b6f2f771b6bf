import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** What each scope lets an app learn, in the person's words (server: src/oidc/account-claims.ts). */
const SCOPE_DESCRIPTIONS: Record<string, MessageDescriptor> = {
  openid: msg`Your Sigil account id, the same whichever of your wallets you sign in with`,
  profile: msg`Your display name, avatar and primary wallet address`,
  wallets: msg`The addresses of every wallet linked to your account`,
  roles: msg`Your roles: those your wallets earn by what they hold, and any an administrator gave you`,
  offline_access: msg`Stay signed in while you are away`,
};

/** A scope in words, in the page's language; a scope Sigil does not know by its name. */
export function describeScope(scope: string): string {
  const description = Object.hasOwn(SCOPE_DESCRIPTIONS, scope) ? SCOPE_DESCRIPTIONS[scope] : null;
  return description ? i18n._(description) : scope;
}
