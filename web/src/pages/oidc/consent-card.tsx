import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { describeScope } from './describe-scope';
import type { InteractionDetails } from './interaction-api';

export type ConsentCardProps = {
  details: InteractionDetails;
  onAllow(): void;
  onDeny(): void;
  busy: boolean;
};

/** Who asks, where the answer goes, what it will learn; Allow or Deny. */
export function ConsentCard({ details, onAllow, onDeny, busy }: ConsentCardProps) {
  const { client, scopes } = details;
  // The scopes' words (describeScope) are read here: render again when the language changes.
  useLingui();
  return (
    <section className="card" aria-labelledby="consent-title" data-testid="consent">
      <h2 id="consent-title">
        <Trans>
          <strong>{client.name}</strong> wants to sign you in with Sigil
        </Trans>
      </h2>
      <p className="muted">
        <Trans>
          You will be sent back to{' '}
          <strong data-testid="redirect-host">{client.redirectHost}</strong>. Only continue if you
          trust this app.
        </Trans>
      </p>
      <h3>
        <Trans>It will receive</Trans>
      </h3>
      <ul className="rows" data-testid="consent-claims">
        {scopes.map((scope) => (
          <li key={scope} className="row" data-scope={scope}>
            <p className="row-title">{describeScope(scope)}</p>
          </li>
        ))}
      </ul>
      <div className="row-actions">
        <button type="button" className="button" onClick={onAllow} disabled={busy}>
          <Trans>Allow</Trans>
        </button>
        <button type="button" className="button button-secondary" onClick={onDeny} disabled={busy}>
          <Trans>Deny</Trans>
        </button>
      </div>
    </section>
  );
}
