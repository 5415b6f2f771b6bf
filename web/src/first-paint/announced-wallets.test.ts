import { describe, expect, it } from 'vitest';
import { readAnnouncement } from './announced-wallets';

describe('readAnnouncement', () => {
  it("reads a wallet's rdns, name and data: icon", () => {
    expect(
      readAnnouncement({
        info: {
          uuid: 'u',
          rdns: 'io.metamask',
          name: 'MetaMask',
          icon: 'data:image/png;base64,AA==',
        },
        provider: {},
      }),
    ).toEqual({ rdns: 'io.metamask', name: 'MetaMask', icon: 'data:image/png;base64,AA==' });
  });

  it('never takes an icon from a host, and cuts a name that would lay out the dialog', () => {
    const wallet = readAnnouncement({
      info: {
        rdns: 'x.y',
        name: `  ${'W'.repeat(200)}  `,
        icon: 'https://tracker.example/icon.png',
      },
    });
    expect(wallet?.icon).toBeNull();
    expect(wallet?.name).toBe('W'.repeat(64));
  });

  it.each([
    ['no detail', null],
    ['no info', {}],
    ['a name that is not text', { info: { rdns: 'x.y', name: 7 } }],
    ['an empty rdns', { info: { rdns: ' ', name: 'Wallet' } }],
    ['an empty name', { info: { rdns: 'x.y', name: '' } }],
  ])('ignores an announcement with %s', (_what, detail) => {
    expect(readAnnouncement(detail)).toBeNull();
  });
});
