/** Where the provider lives under PUBLIC_URL (docs/oidc.md): the issuer is `<PUBLIC_URL>/oidc`. */
export const OIDC_MOUNT_PATH = '/oidc';

/** The web app's page for one interaction (sign-in and consent). */
export function interactionPagePath(uid: string): string {
  return `${OIDC_MOUNT_PATH}/interaction/${uid}`;
}
