const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Midnight UTC of a `YYYY-MM-DD` day, in Unix seconds (uPlot's time unit). */
export function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** `2026-11-03` as "3 Nov 2026": the server counts by UTC day, so it is read in UTC. */
export function formatDay(day: string): string {
  const seconds = daySeconds(day);
  return Number.isNaN(seconds) ? day : dayFormat.format(seconds * 1000);
}

const tickFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A chart tick (Unix seconds, a UTC midnight) as "3 Nov". */
export function formatTick(seconds: number): string {
  return tickFormat.format(seconds * 1000);
}
