import { useState } from 'react';
import { GeneratedAvatar } from '../components/generated-avatar';
import { ResponsiveImage } from '../components/responsive-image';
import type { ImageFieldsFragment } from '../graphql/generated/graphql';
import { useEnsIdentity } from '../pages/account/use-ens-identity';

export type ProfileAvatarProps = {
  image: ImageFieldsFragment | null | undefined;
  /** The primary wallet: its ENS avatar (where mainnet is enabled) or its generated one stands in. */
  address: string;
  size: number;
  className?: string;
};

/** The uploaded avatar; without one, the primary wallet's ENS avatar, or the generated one. */
export function ProfileAvatar({ image, address, size, className }: ProfileAvatarProps) {
  const { avatar: ensAvatar } = useEnsIdentity(address, { enabled: !image });
  const [ensFailed, setEnsFailed] = useState(false);
  const classes = `avatar ${className ?? ''}`;
  if (image) {
    return (
      <ResponsiveImage
        image={image}
        className={classes}
        sizes={`${size}px`}
        alt=""
        width={size}
        height={size}
      />
    );
  }
  if (ensAvatar && !ensFailed) {
    return (
      <img
        className={classes}
        src={ensAvatar}
        alt=""
        width={size}
        height={size}
        data-testid="ens-avatar"
        onError={() => setEnsFailed(true)}
      />
    );
  }
  return <GeneratedAvatar address={address} size={size} className={className} />;
}
