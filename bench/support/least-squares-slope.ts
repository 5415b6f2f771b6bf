/**
 * The least-squares slope of `values` against their index: growth per step
 * (per soak round), less swayed by one noisy sample than last minus first.
 * 0 for fewer than two values.
 */
export function leastSquaresSlope(values: number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, y) => sum + y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  values.forEach((y, x) => {
    numerator += (x - meanX) * (y - meanY);
    denominator += (x - meanX) ** 2;
  });
  return numerator / denominator;
}
