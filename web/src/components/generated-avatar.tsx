import { generatedAvatarBackground } from '@sigil/profile-rules';

/**
 * The avatar of an address without an uploaded or ENS one: a gradient of its own, the one the
 * server draws in a profile page's HTML too (@sigil/profile-rules).
 */
export function GeneratedAvatar({
  address,
  size,
  className,
}: {
  address: string;
  size: number;
  className?: string;
}) {
  return (
    <span
      className={`avatar avatar-generated ${className ?? ''}`}
      data-testid="generated-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, background: generatedAvatarBackground(address) }}
    />
  );
}
