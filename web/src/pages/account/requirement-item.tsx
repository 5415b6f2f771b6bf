import { useLingui } from '@lingui/react/macro';
import type { RequirementResult } from './access-report';
import type { RequirementText } from './describe-requirement';

export type RequirementItemProps = {
  requirement: RequirementResult;
  text: RequirementText;
  /** The token's decimals and symbol are still being read: its amount waits for them. */
  reading?: boolean;
};

/** One requirement of a rule: met or not in words, what it asks for, the account's balance, where. */
export function RequirementItem({ requirement, text, reading = false }: RequirementItemProps) {
  const { t } = useLingui();
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
        <span className="requirement-verdict">{requirement.met ? t`Met` : t`Not met`}</span>
      </span>
      <span className="requirement-text">
        <span className="requirement-what">{text.what}</span>
        <span className="requirement-amount" aria-busy={reading}>
          {reading ? t`Reading the token…` : text.amount}
        </span>
        {text.where ? (
          <span className="requirement-where" title={requirement.contract ?? undefined}>
            {text.where}
          </span>
        ) : null}
      </span>
    </li>
  );
}
