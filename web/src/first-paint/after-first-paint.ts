import { profileAddressOf } from './first-paint-page';
import { requestPublicProfile } from './request-public-profile';

/** How long the stack waits for the avatar at most: a slow image must not hold the app back. */
const AVATAR_WAIT_CAP_MS = 2000;

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

/** The images the first paint drew (a profile's avatar) have loaded, failed, or taken too long. */
function imagesSettled(capMs: number): Promise<void> {
  const pending = [...document.querySelectorAll<HTMLImageElement>('#root img')].filter(
    (image) => !image.complete,
  );
  const settled = pending.map(
    (image) =>
      new Promise<void>((resolve) => {
        image.addEventListener('load', () => resolve(), { once: true });
        image.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  return Promise.race([
    Promise.all(settled).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, capMs)),
  ]);
}

/**
 * Resolves once the first paint of `path` shows its content: at once for a
 * static page, after the profile's data and avatar for `/u/<address>`. The wallet stack
 * starts loading then, so it does not compete with the content for the
 * network (docs/web-app.md, "First-visit delivery").
 */
export async function afterFirstPaint(path: string): Promise<void> {
  // React commits the first render a little after `render()`: wait until it is on screen.
  await drawn('#root header');
  const address = profileAddressOf(path);
  if (address === null) return;
  await requestPublicProfile(address);
  await drawn('#root h1');
  // The avatar is the profile's largest paint: it should not share the network with the stack.
  await imagesSettled(AVATAR_WAIT_CAP_MS);
}

/** A frame after `selector` is in the document (or after about half a second without it). */
async function drawn(selector: string): Promise<void> {
  for (let frame = 0; frame < 30 && !document.querySelector(selector); frame++) {
    await nextPaint();
  }
  await nextPaint();
}
