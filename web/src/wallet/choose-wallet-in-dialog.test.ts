import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseWalletInDialog } from './choose-wallet-in-dialog';

function dialogWith(...testIds: string[]) {
  const dialog = document.createElement('div');
  dialog.setAttribute('role', 'dialog');
  const clicks = Object.fromEntries(testIds.map((id) => [id, vi.fn()]));
  for (const id of testIds) {
    const option = document.createElement('button');
    option.dataset.testid = id;
    option.addEventListener('click', clicks[id] as () => void);
    dialog.append(option);
  }
  return { dialog, clicks };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('chooseWalletInDialog', () => {
  it("presses RainbowKit's option for the first id it lists, on a desktop", async () => {
    const { dialog, clicks } = dialogWith(
      'rk-wallet-option-io.metamask',
      'rk-wallet-option-metaMask',
    );
    document.body.append(dialog);
    expect(await chooseWalletInDialog(['metaMask', 'io.metamask'])).toBe(true);
    expect(clicks['rk-wallet-option-metaMask']).toHaveBeenCalledTimes(1);
    expect(clicks['rk-wallet-option-io.metamask']).not.toHaveBeenCalled();
  });

  it("presses RainbowKit's phone button, and waits for the dialog to list it", async () => {
    const { dialog, clicks } = dialogWith('rk-wallet-button-org.example.wallet');
    const choosing = chooseWalletInDialog(['org.example.wallet']);
    // RainbowKit renders its list a little after the dialog opens.
    requestAnimationFrame(() => document.body.append(dialog));
    expect(await choosing).toBe(true);
    expect(clicks['rk-wallet-button-org.example.wallet']).toHaveBeenCalledTimes(1);
  });

  it('presses nothing outside a dialog', async () => {
    const { dialog, clicks } = dialogWith('rk-wallet-option-rainbow');
    dialog.removeAttribute('role');
    document.body.append(dialog);
    const inDialog = dialogWith('rk-wallet-option-rainbow');
    requestAnimationFrame(() => document.body.append(inDialog.dialog));
    expect(await chooseWalletInDialog(['rainbow'])).toBe(true);
    expect(clicks['rk-wallet-option-rainbow']).not.toHaveBeenCalled();
    expect(inDialog.clicks['rk-wallet-option-rainbow']).toHaveBeenCalledTimes(1);
  });
});
