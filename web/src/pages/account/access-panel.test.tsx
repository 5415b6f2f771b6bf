import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { runtimeConfigFixture } from '../../test/runtime-config-fixture';
import { AccessPanel, type AccessPanelProps } from './access-panel';
import type { AccessReport } from './access-report';

const { chains } = runtimeConfigFixture();
const report: AccessReport = {
  checkedAt: null,
  stale: false,
  rules: [
    {
      role: 'holder',
      description: null,
      logic: 'ANY',
      granted: false,
      requirements: [
        {
          type: 'ERC20',
          chainId: 31337,
          contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          tokenId: null,
          minBalance: '5',
          balance: '2',
          met: false,
        },
      ],
    },
  ],
};

function renderPanel(props: Partial<AccessPanelProps> = {}) {
  const onCheckAgain = vi.fn();
  render(
    <AccessPanel
      report={report}
      roles={[]}
      chains={chains}
      tokenFacts={() => null}
      readingTokens={false}
      checking={false}
      retryInSeconds={0}
      checkFailed={false}
      onCheckAgain={onCheckAgain}
      {...props}
    />,
  );
  return { onCheckAgain };
}

describe('AccessPanel', () => {
  it('says when the chains have not been checked yet', () => {
    renderPanel();
    expect(screen.getByTestId('access-checked-at').textContent).toBe('Not checked yet.');
  });

  it('gives the full time of the last check on the relative one', () => {
    const checkedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    renderPanel({ report: { ...report, checkedAt } });
    const time = within(screen.getByTestId('access-checked-at')).getByText('5 minutes ago');
    expect(time.getAttribute('datetime')).toBe(checkedAt);
    expect(time.getAttribute('title')).not.toBe('');
  });

  it("waits for the token's decimals and symbol before saying an ERC-20 amount", () => {
    renderPanel({ readingTokens: true });
    const amount = screen.getByText('Reading the token…');
    expect(amount.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText(/base units/)).toBeNull();
  });

  it('asks for a check when "Check again" is pressed', () => {
    const { onCheckAgain } = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(onCheckAgain).toHaveBeenCalledTimes(1);
  });

  it('offers no check while one runs', () => {
    renderPanel({ checking: true });
    const button = screen.getByRole('button', { name: 'Checking…' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('links an administrator to the console, and nobody else', () => {
    renderPanel({ roles: ['admin'] });
    expect(screen.getByRole('link', { name: 'open the console' }).getAttribute('href')).toBe(
      '/admin',
    );
  });

  it('offers no console link without admin', () => {
    renderPanel({ roles: ['moderator'] });
    expect(screen.queryByRole('link', { name: 'open the console' })).toBeNull();
  });
});
