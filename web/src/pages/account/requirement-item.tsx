import type { RequirementResult } from './access-report';
import type { RequirementText } from './describe-requirement';

export type RequirementItemProps = {
  requirement: RequirementResult;
  text: RequirementText;
  /** The token's decimals and symbol are still being read: its amount waits for them. */
  reading?: boolean;
};

/** One requirement of a rule: met or not in words, what it asks for, where, and the account's balance. */
export function RequirementItem({ requirement, text, reading = false }: RequirementItemProps) {
  return (
    <li
      className="requirement"
      data-testid="requirement"
      data-type={requirement.type}
      data-met={requirement.met}
    >
      <span
        className={requirement.met ? 'requirement-mark mark-met' : 'requirement-mark mark-unmet'}
      >
        <span aria-hidden="true">{requirement.met ? '✓' : '✗'}</span>
        {requirement.met ? 'Met' : 'Not met'}
      </span>
      <span className="requirement-text">
        <span className="requirement-what">
          {text.what}
          {text.where ? <span className="muted"> {text.where}</span> : null}
        </span>
        <span className="requirement-amount" aria-busy={reading}>
          {reading ? 'Reading the token…' : text.amount}
        </span>
      </span>
    </li>
  );
}
