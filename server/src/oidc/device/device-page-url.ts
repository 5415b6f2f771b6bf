/** Sigil's page where a person enters a device's code (the web app's `/device`). */
export const DEVICE_PAGE_PATH = '/device';

/** `PUBLIC_URL/device`, or with the code filled in (RFC 8628 `verification_uri_complete`). */
export function devicePageUrl(publicUrl: URL, userCode?: string): string {
  const url = new URL(DEVICE_PAGE_PATH, publicUrl.origin);
  if (userCode) url.searchParams.set('code', userCode);
  return url.href;
}
