import { profileAddressOf } from './first-paint-page';
import { requestPublicProfile } from './request-public-profile';

/** A frame after the next one: what was rendered before it has been painted. */
function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A hidden tab runs no frames: the timer keeps the app from waiting for a visible one.
    const fallback = setTimeout(resolve, 200);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * Resolves once the first paint of `path` shows its content: at once for a
 * static page, after the profile's data for `/u/<address>`. The wallet stack
 * starts loading then, so it does not compete with the content for the
 * network (docs/web-app.md, "First-visit delivery").
 */
export async function afterFirstPaint(path: string): Promise<void> {
  const address = profileAddressOf(path);
  if (address !== null) await requestPublicProfile(address);
  await nextPaint();
}
