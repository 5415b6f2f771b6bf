/**
 * `0x1234…abcd`, or `7xKX…gAsU` for a Solana key (base58 has no prefix, so
 * four characters each side, as Solana wallets write it): enough to tell an
 * account's wallets apart in a line of text.
 */
export function shortAddress(address: string): string {
  if (address.length <= 12) return address;
  const head = address.startsWith('0x') ? 6 : 4;
  return `${address.slice(0, head)}…${address.slice(-4)}`;
}
