import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useFormatter } from '../../../format/use-formatter';
import { daySeconds } from './day-seconds';
import { usePrefersDark } from './use-prefers-dark';

export type DailyCount = { day: string; count: number };

const HEIGHT = 220;
const HALF_DAY = 43_200;

/**
 * Sign-ins per UTC day as bars (uPlot, on a canvas), with its text alternative: a
 * summary line everyone reads and a table of every day for screen readers. The
 * canvas takes its colours from the page's CSS variables, again when the system
 * switches between light and dark.
 */
export function SignInsChart({ days }: { days: DailyCount[] }) {
  const canvasBox = useRef<HTMLDivElement>(null);
  const dark = usePrefersDark();
  const format = useFormatter();
  const { t } = useLingui();
  // The server counts by UTC day: each day is read in UTC, whatever the reader's zone.
  const formatDay = (day: string) => {
    const seconds = daySeconds(day);
    return Number.isNaN(seconds) ? day : format.date(seconds * 1000, { timeZone: 'UTC' });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `dark` changes the CSS variables read here: the chart is drawn again in the new colours.
  useEffect(() => {
    const element = canvasBox.current;
    if (!element || days.length === 0) return;
    const style = getComputedStyle(element);
    const color = (name: string, fallback: string) =>
      style.getPropertyValue(name).trim() || fallback;
    const muted = color('--muted', '#596079');
    const grid = color('--border', '#d9dcea');
    const accent = color('--accent', '#4338ca');
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 240),
        height: HEIGHT,
        // The days are UTC days: label them so, whatever the reader's time zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          // Half a day either side, so the first and last bars are whole.
          x: { time: true, range: (_plot, min, max) => [min - HALF_DAY, max + HALF_DAY] },
          y: { range: (_plot, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
        },
        axes: [
          // "Nov 3" in the reader's locale, not uPlot's own American "11/3".
          {
            ...axis,
            values: (_plot, splits) =>
              splits.map((seconds) =>
                format.date(seconds * 1000, { timeZone: 'UTC', year: false }),
              ),
          },
          // Whole sign-ins only, in the locale's digits: no 0.5 steps on a quiet month.
          {
            ...axis,
            incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000],
            values: (_plot, splits) => splits.map((count) => format.number(count)),
          },
        ],
        series: [
          {},
          {
            label: t`Sign-ins`,
            stroke: accent,
            fill: accent,
            paths: uPlot.paths.bars?.({ size: [0.7, 32] }),
            points: { show: false },
          },
        ],
      },
      [days.map((entry) => daySeconds(entry.day)), days.map((entry) => entry.count)],
      element,
    );
    const resize =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver(() =>
            plot.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }),
          )
        : null;
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [days, dark, format, t]);

  const total = days.reduce((sum, entry) => sum + entry.count, 0);
  const busiest = days.reduce<DailyCount | null>(
    (best, entry) => (entry.count > (best?.count ?? 0) ? entry : best),
    null,
  );
  const first = days[0];
  const last = days.at(-1);
  const from = first ? formatDay(first.day) : '';
  const to = last ? formatDay(last.day) : '';
  const busiestDay = busiest ? formatDay(busiest.day) : '';
  const busiestCount = format.number(busiest?.count ?? 0);
  let summary: string;
  if (!first || !last) summary = t`No days to show.`;
  else if (busiest) {
    summary = plural(total, {
      one: `# sign-in from ${from} to ${to} (UTC days); most on ${busiestDay}: ${busiestCount}.`,
      other: `# sign-ins from ${from} to ${to} (UTC days); most on ${busiestDay}: ${busiestCount}.`,
    });
  } else {
    summary = plural(total, {
      one: `# sign-in from ${from} to ${to} (UTC days).`,
      other: `# sign-ins from ${from} to ${to} (UTC days).`,
    });
  }
  return (
    <figure className="admin-chart" aria-labelledby="sign-ins-chart-caption">
      <figcaption id="sign-ins-chart-caption" data-testid="chart-summary">
        {summary}
      </figcaption>
      <div ref={canvasBox} className="admin-chart-canvas" aria-hidden="true" />
      {/* Hidden by its box: a table's own box grows to its rows whatever its width and height. */}
      <div className="visually-hidden">
        <table data-testid="chart-table">
          <caption>
            <Trans>Sign-ins per day</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">
                <Trans>Sign-ins</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((entry) => (
              <tr key={entry.day}>
                <th scope="row">{formatDay(entry.day)}</th>
                <td>{format.number(entry.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
