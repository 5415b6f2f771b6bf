import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldCheck, FieldState } from '@sigil/siwe';

const stateText: Record<FieldState, MessageDescriptor> = {
  valid: msg`✓ well formed`,
  invalid: msg`✗ malformed`,
  missing: msg`✗ missing`,
  absent: msg`— not present (optional)`,
};

/** Every field of the message with its state, and the server grammar's reason when it is refused. */
export function FieldTable({ fields }: { fields: FieldCheck[] }) {
  const { i18n } = useLingui();
  return (
    <table className="field-table" data-testid="field-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Field</Trans>
          </th>
          <th scope="col">
            <Trans>Value</Trans>
          </th>
          <th scope="col">
            <Trans>State</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr
            key={field.label}
            data-testid="field-row"
            data-field={field.label}
            data-state={field.state}
          >
            <th scope="row">{field.label}</th>
            <td>
              <code className="field-value">{field.value ?? ''}</code>
            </td>
            <td className={`field-state field-${field.state}`}>
              {i18n._(stateText[field.state])}
              {field.reason ? <span className="field-reason">: {field.reason}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
