/** How many frames RainbowKit's dialog is given to list its wallets: about two seconds, for a slow phone. */
const MAX_FRAMES = 120;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/**
 * Presses RainbowKit's own option for a wallet chosen in the early wallet list
 * (first-paint/early-wallet-list.tsx), once its dialog lists it: RainbowKit
 * then does what it does for that tap (the wallet's connection prompt, its QR
 * code, the "Opening…" view). RainbowKit offers no API to open its dialog on a
 * wallet; its options carry `rk-wallet-option-<id>` (desktop) and
 * `rk-wallet-button-<id>` (phone), the ids of its wallets and of announced
 * browser wallets. Resolves with whether an option was pressed; without one,
 * the list stays open for the person to choose again.
 */
export async function chooseWalletInDialog(
  optionIds: readonly string[],
  root: ParentNode = document,
): Promise<boolean> {
  // Compared as strings, not put into a selector: an announced rdns is the wallet's own text.
  const wanted = optionIds.flatMap((id) => [`rk-wallet-option-${id}`, `rk-wallet-button-${id}`]);
  for (let frame = 0; frame < MAX_FRAMES; frame++) {
    const listed = new Map(
      [...root.querySelectorAll<HTMLElement>('[role="dialog"] [data-testid]')].map((option) => [
        option.dataset.testid,
        option,
      ]),
    );
    const option = wanted.map((testId) => listed.get(testId)).find((found) => found !== undefined);
    if (option) {
      option.click();
      return true;
    }
    await nextFrame();
  }
  return false;
}
