/** What each scope lets an app learn, in the person's words (server: src/oidc/account-claims.ts). */
const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Your Sigil account id, the same whichever of your wallets you sign in with',
  profile: 'Your display name, avatar and primary wallet address',
  wallets: 'The addresses of every wallet linked to your account',
  roles: 'Your roles: those your wallets earn by what they hold, and any an administrator gave you',
  offline_access: 'Stay signed in while you are away',
};

export function describeScope(scope: string): string {
  return SCOPE_DESCRIPTIONS[scope] ?? scope;
}
