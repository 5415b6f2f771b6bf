/** The day a suspension entered as "ends on" lifts: at the start of that day, UTC. */
export function suspensionEndOf(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** Tomorrow's UTC day as `YYYY-MM-DD`: the earliest end a new suspension can have. */
export function tomorrowUtc(now: number = Date.now()): string {
  return new Date(now + 86_400_000).toISOString().slice(0, 10);
}
