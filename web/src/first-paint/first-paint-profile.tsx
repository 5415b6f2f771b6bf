import { Trans } from '@lingui/react/macro';
import { Suspense, use } from 'react';
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

function ProfileTop({ address }: { address: string }) {
  const answer = use(requestPublicProfile(address));
  // A failed request is the app's to explain, once it has loaded.
  if (answer === undefined) return loading;
  const profile = answer.publicProfile;
  if (!profile) return notFound;
  return (
    <section className="page" aria-labelledby="page-title">
      <PublicProfileHeader
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
        heading={<FirstPaintHeading>{profile.displayName ?? profile.address}</FirstPaintHeading>}
        address={profile.address}
        bio={profile.bio}
      />
      <PublicProfileWallets />
    </section>
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
