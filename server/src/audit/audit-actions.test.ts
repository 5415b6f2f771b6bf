import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit-actions.js';

describe('AUDIT_ACTIONS', () => {
  it('is the schema’s enum AuditAction, value for value', () => {
    const text = readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8');
    const actions = buildSchema(text).getType('AuditAction') as GraphQLEnumType;
    const inSchema = actions.getValues().map((value) => value.value as string);
    expect([...AUDIT_ACTIONS].sort()).toEqual(inSchema.sort());
  });
});
