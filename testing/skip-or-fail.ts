/**
 * The suites' one rule for what a machine may lack (PostgreSQL, Redis,
 * Chromium): without it, a suite says so in a visible line and skips; under
 * CI=true it fails instead, so a missing dependency can never turn a red run
 * green.
 *
 * `missing` is why the dependency cannot be used ("Redis is not reachable"),
 * or undefined when it can. Returns whether the tests should run.
 */
export function availableOrSkip(missing: string | undefined): boolean {
  if (missing === undefined) return true;
  if (process.env.CI) {
    throw new Error(`${missing}, and CI is set: these tests must run in CI.`);
  }
  console.warn(`\n  !! ${missing}: skipping its tests (they fail under CI=true).\n`);
  return false;
}
