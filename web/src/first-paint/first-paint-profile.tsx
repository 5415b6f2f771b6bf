import { Trans } from '@lingui/react/macro';
import { type ReactNode, Suspense, use } from 'react';
import { GeneratedAvatar } from '../components/generated-avatar';
import { ResponsiveImage } from '../components/responsive-image';
import {
  PublicProfileHeader,
  PublicProfileWallets,
} from '../pages/public-profile/public-profile-header';
import { FirstPaintHeading } from './first-paint-heading';
import { requestPublicProfile } from './request-public-profile';

const loading = (
  <p className="page muted" role="status">
    <Trans>Loading the profile…</Trans>
  </p>
);

/** What a profile's first paint shows until its answer is in (index.html carries it: prerender-first-paint.tsx). */
export function FirstPaintProfileLoading() {
  return loading;
}

/** ProfileNotFound (pages/public-profile/) as it reads before the router exists. */
const notFound = (
  <section className="page" aria-labelledby="page-title">
    <FirstPaintHeading>
      <Trans>No public profile here</Trans>
    </FirstPaintHeading>
    <p>
      <Trans>
        This address has no public profile: it may be mistyped, or its owner has not made their
        profile public.
      </Trans>
    </p>
    <div className="actions">
      <a className="button" href="/">
        <Trans>Back to home</Trans>
      </a>
    </div>
  </section>
);

/**
 * A public profile's section as its first paint draws it. The web build renders it once per locale
 * with slots in place of the profile's own (prerender-first-paint.tsx), and the server fills them
 * for each `/u/<address>` page: keep the two in step by changing it here only.
 */
export function FirstPaintProfileFound({
  avatar,
  name,
  address,
  bio,
}: {
  avatar: ReactNode;
  name: string;
  address: string;
  bio: string | null | undefined;
}) {
  return (
    <section className="page" aria-labelledby="page-title">
      <PublicProfileHeader
        avatar={avatar}
        heading={<FirstPaintHeading>{name}</FirstPaintHeading>}
        address={address}
        bio={bio}
      />
      <PublicProfileWallets />
    </section>
  );
}

function ProfileTop({ address }: { address: string }) {
  const answer = use(requestPublicProfile(address));
  // A failed request is the app's to explain, once it has loaded.
  if (answer === undefined) return loading;
  const profile = answer.publicProfile;
  if (!profile) return notFound;
  return (
    <FirstPaintProfileFound
      avatar={
        profile.avatar ? (
          <ResponsiveImage
            image={profile.avatar}
            className="avatar avatar-large"
            sizes="112px"
            alt=""
            width={112}
            height={112}
          />
        ) : (
          <GeneratedAvatar address={profile.address} size={112} className="avatar-large" />
        )
      }
      name={profile.displayName ?? profile.address}
      address={profile.address}
      bio={profile.bio}
    />
  );
}

/** The public profile's name, avatar and bio, painted before the wallet stack has loaded. */
export function FirstPaintProfile({ address }: { address: string }) {
  return (
    <Suspense fallback={loading}>
      <ProfileTop address={address} />
    </Suspense>
  );
}
