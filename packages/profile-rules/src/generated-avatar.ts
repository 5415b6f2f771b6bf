import { keccak256, toBytes } from 'viem';

/**
 * The two hues of the avatar an address without an uploaded one is drawn
 * with, from the address's hash: the same address always draws the same
 * avatar, in the web app and in the profile page the server writes
 * (docs/web-app.md, "The first paint in index.html").
 */
export function generatedAvatarColours(address: string): [string, string] {
  const hash = keccak256(toBytes(address.toLowerCase()));
  const first = Number.parseInt(hash.slice(2, 6), 16) % 360;
  const second = (first + 40 + (Number.parseInt(hash.slice(6, 8), 16) % 120)) % 360;
  return [`hsl(${first} 70% 55%)`, `hsl(${second} 70% 45%)`];
}

/** The avatar's background, as both draw it. */
export function generatedAvatarBackground(address: string): string {
  const [from, to] = generatedAvatarColours(address);
  return `linear-gradient(135deg, ${from}, ${to})`;
}
