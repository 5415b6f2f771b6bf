/**
 * When the server issued a nonce, by the server's own clock: its expiry less
 * the nonce lifetime the server announces. A message's issued-at is taken
 * from here and never from the browser's clock, so a device whose clock is
 * minutes off (phones, virtual machines) still writes a time the server
 * accepts: the server checks issued-at against the nonce's lifetime.
 */
export function serverIssuedAt(nonceExpiresAt: string, nonceTtlSeconds: number): Date {
  const expiresAt = Date.parse(nonceExpiresAt);
  if (Number.isNaN(expiresAt)) throw new TypeError(`not an RFC 3339 time: ${nonceExpiresAt}`);
  return new Date(expiresAt - nonceTtlSeconds * 1000);
}
