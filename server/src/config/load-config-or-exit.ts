import { ConfigError } from './config-error.js';
import { type Config, loadConfig } from './load-config.js';

/**
 * For a command's start (`npm start`, `npm run oidc:rotate-keys`): the
 * configuration, or one line naming the variable on stderr and exit code 1,
 * which is what an operator needs to fix it.
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Invalid configuration: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
