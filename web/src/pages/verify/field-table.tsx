import type { FieldCheck, FieldState } from '../../proof/check-siwe-fields';

const stateText: Record<FieldState, string> = {
  valid: '✓ well formed',
  invalid: '✗ malformed',
  missing: '✗ missing',
  absent: '— not present (optional)',
};

/** Every field of the message with its state, and the server grammar's reason when it is refused. */
export function FieldTable({ fields }: { fields: FieldCheck[] }) {
  return (
    <table className="field-table" data-testid="field-table">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Value</th>
          <th scope="col">State</th>
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
              {stateText[field.state]}
              {field.reason ? <span className="field-reason">: {field.reason}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
