import { Trans } from '@lingui/react/macro';

/** "Loading…" while the console's first answer is on its way, announced politely. */
export function ConsoleLoading() {
  return (
    <p className="muted" role="status">
      <Trans>Loading…</Trans>
    </p>
  );
}
