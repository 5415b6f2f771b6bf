import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AccessRuleResult, RequirementResult } from './access-report';
import type { RequirementText } from './describe-requirement';
import { RequirementItem } from './requirement-item';

export type AccessRuleItemProps = {
  rule: AccessRuleResult;
  describe(requirement: RequirementResult): RequirementText;
  /** Whether a requirement's amount waits for its token's decimals and symbol. */
  reading(requirement: RequirementResult): boolean;
};

function logicInWords(rule: AccessRuleResult): string {
  // With a single requirement "any one of" and "all of" mean the same: say neither.
  if (rule.requirements.length === 1) return t`Needs:`;
  return rule.logic === 'ANY' ? t`Needs any one of:` : t`Needs all of:`;
}

/** One access rule: the role it grants, whether the account holds it, and each requirement. */
export function AccessRuleItem({ rule, describe, reading }: AccessRuleItemProps) {
  const titleId = `access-rule-${rule.role}`;
  const { t } = useLingui();
  return (
    <li
      className="access-rule"
      aria-labelledby={titleId}
      data-testid="access-rule"
      data-role={rule.role}
      data-granted={rule.granted}
    >
      <div className="access-rule-head">
        <h3 id={titleId} className="access-role">
          {rule.role}
        </h3>
        <span className={rule.granted ? 'tag tag-granted' : 'tag tag-not-granted'}>
          {rule.granted ? t`Granted` : t`Not granted`}
        </span>
      </div>
      {rule.description ? <p>{rule.description}</p> : null}
      <p className="row-meta">{logicInWords(rule)}</p>
      <ul className="requirements">
        {rule.requirements.map((requirement, index) => (
          <RequirementItem
            // Requirements have no id; their order is the configuration's and does not change.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            requirement={requirement}
            text={describe(requirement)}
            reading={reading(requirement)}
          />
        ))}
      </ul>
    </li>
  );
}
