import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';

export type DeviceCodeFormProps = {
  /** The code from the link (`/device?code=…`), or nothing. */
  initialCode: string;
  busy: boolean;
  /** Why the last code was not taken, in words; null: nothing to say. */
  problem: ReactNode;
  onSubmit(code: string): void;
};

/** The code the device shows, typed by the person (any case, with or without the dash). */
export function DeviceCodeForm({ initialCode, busy, problem, onSubmit }: DeviceCodeFormProps) {
  const [code, setCode] = useState(initialCode);
  const id = useId();
  return (
    <form
      className="card stack-tight"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) onSubmit(code);
      }}
    >
      <div className="field">
        <label htmlFor={id}>
          <Trans>Code</Trans>
        </label>
        <input
          id={id}
          type="text"
          className="device-code-input"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          value={code}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        {problem ? (
          <p id={`${id}-problem`} className="inline-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="row-actions">
        <button type="submit" className="button" disabled={busy || !code.trim()}>
          <Trans>Continue</Trans>
        </button>
      </div>
    </form>
  );
}
