import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineEnvironment,
  environmentVariable,
  familyPrefix,
  variableDocumentation,
  variableFamily,
} from './environment-variable.js';
import { wholeNumber } from './value-schemas.js';

const environment = defineEnvironment({
  WORKERS: environmentVariable(wholeNumber(1, 8), { default: '2', meaning: 'workers' }),
  LABEL: environmentVariable(z.string(), { meaning: 'a label' }),
  'ENDPOINT_<name>': variableFamily({ meaning: 'one endpoint per name' }),
});

describe('defineEnvironment', () => {
  it('uses the default when a variable is unset, empty or blank', () => {
    for (const WORKERS of [undefined, '', '  ']) {
      expect(environment.parse({ WORKERS }).WORKERS).toBe(2);
    }
    expect(environment.parse({ WORKERS: ' 4 ' }).WORKERS).toBe(4);
    expect(environment.parse({}).LABEL).toBeUndefined();
  });

  it('gathers the members of a family by key, trimmed, blank ones left out', () => {
    const parsed = environment.parse({
      ENDPOINT_a: ' https://a.example ',
      ENDPOINT_b: ' ',
      ENDPOINT_: 'no key',
      OTHER_c: 'not a member',
    });
    expect(parsed['ENDPOINT_<name>']).toEqual({ a: 'https://a.example' });
  });

  it('ignores variables it does not define', () => {
    expect(environment.parse({ PATH: '/usr/bin' })).not.toHaveProperty('PATH');
  });

  it('keeps each variable documented on its schema', () => {
    const { WORKERS } = environment.def.out.shape;
    expect(variableDocumentation.get(WORKERS)).toEqual({ default: '2', meaning: 'workers' });
  });

  it('names a family by its members’ prefix', () => {
    expect([familyPrefix('RPC_URL_<chainId>'), familyPrefix('PORT')]).toEqual([
      'RPC_URL_',
      undefined,
    ]);
  });
});
