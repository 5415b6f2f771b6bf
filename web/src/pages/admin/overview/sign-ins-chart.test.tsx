import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import UPlotStandIn from '../uplot-stand-in.test-support';
import { SignInsChart } from './sign-ins-chart';

vi.mock('uplot', () => import('../uplot-stand-in.test-support'));

const days = Array.from({ length: 30 }, (_, index) => ({
  day: new Date(Date.UTC(2026, 9, 28 + index)).toISOString().slice(0, 10),
  count: index === 10 ? 9 : index % 3,
}));

describe('SignInsChart', () => {
  it('lists every day with its count in a table for screen readers, and sums them up in words', () => {
    render(<SignInsChart days={days} />);
    const table = screen.getByRole('table', { name: 'Sign-ins per day' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.map((row) => row.textContent)).toEqual(
      days.map((entry) => {
        const date = new Date(`${entry.day}T00:00:00Z`);
        const label = new Intl.DateTimeFormat('en-US', {
          dateStyle: 'medium',
          timeZone: 'UTC',
        }).format(date);
        return `${label}${entry.count}`;
      }),
    );
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('Oct 28, 2026');
    expect(within(rows[29] as HTMLElement).getByRole('rowheader').textContent).toBe('Nov 26, 2026');
    const total = days.reduce((sum, entry) => sum + entry.count, 0);
    expect(screen.getByTestId('chart-summary').textContent).toBe(
      `${total} sign-ins from Oct 28, 2026 to Nov 26, 2026 (UTC days); most on Nov 7, 2026: 9.`,
    );
    // The figure is named by that summary; the canvas itself is hidden from assistive technology.
    expect(screen.getByRole('figure').getAttribute('aria-labelledby')).toBe(
      screen.getByTestId('chart-summary').id,
    );
  });

  it('hands uPlot the days as UTC midnights in seconds, with their counts', () => {
    UPlotStandIn.instances.length = 0;
    render(<SignInsChart days={days.slice(0, 2)} />);
    expect(UPlotStandIn.instances.at(-1)?.data).toEqual([
      [Date.UTC(2026, 9, 28) / 1000, Date.UTC(2026, 9, 29) / 1000],
      [0, 1],
    ]);
  });
});
