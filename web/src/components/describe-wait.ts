/** "Try again in 42 seconds." / "Try again in 2 minutes." / "You can try again now." */
export function describeWait(seconds: number): string {
  if (seconds <= 0) return 'You can try again now.';
  if (seconds < 90) return `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${minutes} minutes.`;
}
