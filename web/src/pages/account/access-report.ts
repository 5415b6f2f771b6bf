import type { AccessReportFieldsFragment } from '../../graphql/generated/graphql';

/**
 * The access report as the account page reads it (docs/access.md): each rule, each
 * requirement with the account's balance (decimal strings of base units).
 */
export type AccessReport = AccessReportFieldsFragment;
export type AccessRuleResult = AccessReport['rules'][number];
export type RequirementResult = AccessRuleResult['requirements'][number];
