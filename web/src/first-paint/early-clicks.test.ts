import { afterEach, describe, expect, it } from 'vitest';
import { takePendingPasskeySignIn } from '../passkeys/pending-passkey-sign-in';
import { takeEarlyClicks } from './early-clicks';
import { cancelConnect, getPendingConnect } from './pending-connect';

afterEach(() => {
  cancelConnect();
  takePendingPasskeySignIn();
  document.documentElement.removeAttribute('data-first-paint');
});

describe('takeEarlyClicks', () => {
  it('asks again for what a tap on index.html’s first paint asked for, once', () => {
    window.sigilEarlyClicks = ['connect', 'connect', 'passkey'];
    takeEarlyClicks();
    expect(getPendingConnect()).toEqual({ requested: true, wallet: null });
    expect(takePendingPasskeySignIn()).toBe(true);
    expect(window.sigilEarlyClicks).toBeUndefined();
  });

  it('asks for nothing when nothing was tapped, and unmarks a first paint in another language', () => {
    window.sigilEarlyClicks = [];
    document.documentElement.setAttribute('data-first-paint', 'stale');
    takeEarlyClicks();
    expect(getPendingConnect().requested).toBe(false);
    expect(takePendingPasskeySignIn()).toBe(false);
    expect(document.documentElement.hasAttribute('data-first-paint')).toBe(false);
  });

  it('goes on with the wallet last tapped in index.html’s early list', () => {
    window.sigilEarlyClicks = ['connect', 'wallet:rainbow', 'wallet:metaMask'];
    takeEarlyClicks();
    expect(getPendingConnect()).toEqual({
      requested: true,
      wallet: { name: 'MetaMask', optionIds: ['metaMask', 'io.metamask'] },
    });
  });
});
