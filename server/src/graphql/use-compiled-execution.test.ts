import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadTypeDefs } from './create-yoga.js';
import { compilesOnRun } from './use-compiled-execution.js';

describe('compilesOnRun', () => {
  it('compiles a document from its second run on, never a subscription', () => {
    const compiles = compilesOnRun(2);
    const schema = buildSchema(loadTypeDefs());
    const run = (source: string, variableValues?: Record<string, unknown>) => {
      const document = parse(source);
      return () => compiles({ schema, document, variableValues });
    };
    const query = run('{ me { id } }');
    expect([query(), query(), query()]).toEqual([false, true, true]);
    // The same text parsed again is another document: the count is per parsed document.
    expect(run('{ me { id } }')()).toBe(false);
    const subscription = run('subscription { accountEvents { type } }');
    expect([subscription(), subscription(), subscription()]).toEqual([false, false, false]);
    // Variables that do not fit are graphql-js's to refuse.
    const page = 'query Page($first: Int) { me { signIns(first: $first) { edges { cursor } } } }';
    const wrong = run(page, { first: 'many' });
    expect([wrong(), wrong(), wrong()]).toEqual([false, false, false]);
    const right = run(page, { first: 2 });
    expect([right(), right()]).toEqual([false, true]);
  });
});
