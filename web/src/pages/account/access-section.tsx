import { useMemo } from 'react';
import { useRuntimeConfig } from '../../app/runtime-config-context';
import { AccessPanel } from './access-panel';
import { useAccess } from './use-access';
import { useTokenFacts } from './use-token-facts';

const noRequirements: never[] = [];

/** The "Access" section of the account page: roles from the access rules (docs/access.md). */
export function AccessSection() {
  const { chains } = useRuntimeConfig();
  const access = useAccess();
  const rules = access.report?.rules;
  const requirements = useMemo(
    () => rules?.flatMap((rule) => rule.requirements) ?? noRequirements,
    [rules],
  );
  const tokens = useTokenFacts(requirements);
  if (!access.report) return null;
  // A deployment without rules, for an account without roles, has nothing to show and nothing
  // to check: a line saying so would be about the server's setup, not the person, so the
  // section stays out of the way. Roles given by an administrator still show.
  if (access.report.rules.length === 0 && access.roles.length === 0) return null;
  return (
    <AccessPanel
      report={access.report}
      roles={access.roles}
      chains={chains}
      tokenFacts={tokens.factsOf}
      readingTokens={tokens.reading}
      checking={access.checking}
      retryInSeconds={access.retryInSeconds}
      checkFailed={access.checkFailed}
      onCheckAgain={() => void access.checkAgain()}
    />
  );
}
