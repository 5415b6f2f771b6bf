import { describe, expect, it } from 'vitest';
import { environmentVariables } from '../server/src/config/environment-schema.js';
import { familyPrefix } from '../server/src/config/environment-variable.js';
import { isServerVariable } from './start-built-server.js';

describe('isServerVariable', () => {
  it('names every variable of the configuration schema, so none leaks from the shell into a test server', () => {
    const names = Object.keys(environmentVariables).map((name) => {
      const prefix = familyPrefix(name);
      return prefix === undefined ? name : `${prefix}31337`;
    });
    expect(names.filter((name) => !isServerVariable(name))).toEqual([]);
  });

  it('leaves the variables the server does not read', () => {
    expect(['PATH', 'HOME', 'CI', 'RPC_URL_', 'PORTS'].filter(isServerVariable)).toEqual([]);
  });
});
