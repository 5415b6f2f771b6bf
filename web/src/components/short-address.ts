/** `0x1234…abcd`: enough to tell an account's wallets apart in a line of text. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
