/**
 * `@simplewebauthn/browser`, in a chunk of its own: fetched the first time a
 * passkey is added or used, never on a first visit (docs/web-app.md,
 * "Passkeys"; web/build/first-visit-bundle.test.ts checks it). Every use of
 * the package goes through here: a static import anywhere would pull it into
 * the chunk of the page that imports it.
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');
