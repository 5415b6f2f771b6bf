import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstPaintLayout } from './first-paint-layout';
import { FirstPaintPage, profileAddressOf } from './first-paint-page';
import { takePendingConnect } from './pending-connect';
import { requestPublicProfile } from './request-public-profile';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

afterEach(() => {
  vi.unstubAllGlobals();
  takePendingConnect();
});

function paint(path: string) {
  render(
    <FirstPaintLayout>
      <FirstPaintPage path={path} />
    </FirstPaintLayout>,
  );
}

describe('FirstPaintPage', () => {
  it("shows the home page's heading, text and action before the wallet stack", () => {
    paint('/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Your wallet is your sign-in',
    );
    expect(screen.getByRole('button', { name: 'Get started' }).textContent).toBe('Get started');
  });

  it('shows the top of /verify', () => {
    paint('/Verify/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Verify a Sign-In with Ethereum proof',
    );
  });

  it("shows a public profile's name, address and bio from one plain request", async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        data: {
          publicProfile: {
            __typename: 'PublicProfile',
            address: ADDRESS,
            displayName: 'Ada',
            bio: 'Counts engines.',
            avatar: null,
            wallets: [],
          },
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    // The profile's data arrives through React's `use`, whose retry runs inside act.
    await act(async () => paint(`/u/${ADDRESS.toLowerCase()}`));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ada');
    expect(screen.getByText('Counts engines.').textContent).toBe('Counts engines.');
    expect(screen.getByTestId('generated-avatar').getAttribute('aria-hidden')).toBe('true');
    expect(fetch).toHaveBeenCalledTimes(1);
    const body = JSON.parse(
      String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body),
    );
    // Checksummed, as the page asks: the app's Apollo cache is seeded with this answer.
    expect(body.variables).toEqual({ address: ADDRESS });
    expect(body.query).toContain('__typename');
  });

  // main.tsx renders over the profile the server wrote into the HTML once the answer is in: that
  // render must show the profile at once, never its loading line in between.
  it('draws a profile whose answer is in, in the same render, without suspending', async () => {
    const address = '0x976EA74026E726554dB657fA54763abd0C3a0aa9';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: {
            publicProfile: {
              __typename: 'PublicProfile',
              address,
              displayName: 'Grace',
              bio: null,
              avatar: null,
              wallets: [],
            },
          },
        }),
      ),
    );
    await requestPublicProfile(address);
    paint(`/u/${address}`);
    expect(screen.queryByText('Loading the profile…')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Grace');
  });

  it('says at once that an address has no public profile', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { publicProfile: null } })),
    );
    await act(async () => paint('/u/0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'No public profile here',
    );
  });

  it('leaves the pages that need the wallet stack empty', () => {
    paint('/account');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
  });

  it('keeps a click on Connect or "Get started" for when the dialog exists', () => {
    paint('/');
    expect(takePendingConnect()).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('status').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(screen.getByTestId('connect-placeholder').getAttribute('aria-busy')).toBe('true');
    expect(within(screen.getByRole('banner')).getByRole('status').textContent).toBe(
      'Opening the wallet list…',
    );
    expect(takePendingConnect()).toEqual({ requested: true, wallet: null });
    expect(takePendingConnect()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect(takePendingConnect()).toEqual({ requested: true, wallet: null });
  });
});

describe('profileAddressOf', () => {
  it.each([
    [`/u/${ADDRESS.toLowerCase()}`, ADDRESS],
    [`/U/${ADDRESS}/`, ADDRESS],
    ['/u/alice.eth', null],
    ['/u/', null],
    ['/verify', null],
  ])('reads %s as %s', (path, expected) => {
    expect(profileAddressOf(path)).toBe(expected);
  });
});
