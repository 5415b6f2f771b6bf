import { keccak256, toBytes } from 'viem';

/** Two hues from the address's hash: the same address always draws the same avatar. */
export function generatedAvatarColours(address: string): [string, string] {
  const hash = keccak256(toBytes(address.toLowerCase()));
  const first = Number.parseInt(hash.slice(2, 6), 16) % 360;
  const second = (first + 40 + (Number.parseInt(hash.slice(6, 8), 16) % 120)) % 360;
  return [`hsl(${first} 70% 55%)`, `hsl(${second} 70% 45%)`];
}

/** The avatar of an address without an uploaded or ENS one: a gradient of its own. */
export function GeneratedAvatar({
  address,
  size,
  className,
}: {
  address: string;
  size: number;
  className?: string;
}) {
  const [from, to] = generatedAvatarColours(address);
  return (
    <span
      className={`avatar avatar-generated ${className ?? ''}`}
      data-testid="generated-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, background: `linear-gradient(135deg, ${from}, ${to})` }}
    />
  );
}
