/** Midnight UTC of a `YYYY-MM-DD` day, in Unix seconds (uPlot's time unit); NaN if it is not a day. */
export function daySeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}
