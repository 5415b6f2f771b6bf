/**
 * The environment minus what Vitest sets for its workers (NODE_ENV=test,
 * TEST, VITEST*): the build and the server must run as `npm run build` and
 * `npm start` do, or Vite bundles React's development build.
 */
export function withoutTestRunnerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !name.startsWith('VITEST'),
    ),
  );
}
