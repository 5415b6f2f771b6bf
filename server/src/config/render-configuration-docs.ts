import { knownChains } from '../chains.js';
import { DURATION_LIMITS, environmentVariables } from './environment-schema.js';
import { variableDocumentation } from './environment-variable.js';

/** The command that writes docs/configuration.md, as the page and its test name it. */
export const WRITE_CONFIGURATION_DOCS_COMMAND = 'npm run docs:config';

/** A table cell: backquoted code, and no `|` that would end the cell early. */
const cell = (text: string) => text.replaceAll('|', '\\|');
const code = (text: string) => `\`${text}\``;

/**
 * docs/configuration.md, rendered from the environment schema: every
 * variable, its default and its meaning, in the schema's order, and the
 * chains `CHAINS` may enable. The page is generated so it cannot drift from
 * what the server accepts.
 */
export function renderConfigurationDocs(): string {
  const rows = Object.entries(environmentVariables).map(([name, schema]) => {
    const documentation = variableDocumentation.get(schema);
    if (!documentation) throw new Error(`${name} has no documentation in environment-schema.ts`);
    const fallback =
      documentation.default === undefined
        ? `(${documentation.unset ?? 'none'})`
        : code(documentation.default);
    return `| ${code(name)} | ${cell(fallback)} | ${cell(documentation.meaning)} |`;
  });
  const chains = Object.values(knownChains).map(
    (chain) =>
      `| ${chain.id} | ${chain.name} | ${chain.nativeCurrency.symbol} | ${code(chain.defaultRpcUrl)} | ${chain.testnet ? 'yes' : 'no'} |`,
  );
  const durations = Object.keys(DURATION_LIMITS).map(code).join(', ');

  return `# Configuration

<!--
Generated from server/src/config/environment-schema.ts by \`${WRITE_CONFIGURATION_DOCS_COMMAND}\`.
Do not edit: server/src/config/render-configuration-docs.test.ts fails when
this page differs from what the schema renders.
-->

Sigil is configured by environment variables only, read once at start by
\`server/src/config/load-config.ts\`. Every one is optional: with none set,
\`npm start\` serves \`http://localhost:3000\` from a SQLite database in
\`./data/\`.

| variable | default | meaning |
|---|---|---|
${rows.join('\n')}

## Reading values

- **Blank is unset.** An empty variable (\`PORT=\`) counts as unset, and spaces
  around a value are dropped.
- **Durations** (${durations})
  are \`90s\`, \`10m\`, \`12h\`, \`30d\`, \`1w\` or \`1.5h\`, or a bare number of
  seconds. Units are lower case only: \`1M\` is refused rather than read as a
  minute.
- **Lists** (\`ALLOWED_ORIGINS\`, \`CHAINS\`, \`TRUST_PROXY\`) are comma-separated.
- **JSON arrays** (a variable whose meaning says so) are either the array
  itself, a value starting with \`[\`, or the path of a file holding it: long
  lists and secrets can be mounted as files. The fields of an OpenID Connect
  client are described in [oidc.md](oidc.md).

## Bad configuration

A bad value stops the server at start with one line on stderr naming the
variable and what is wrong, and exit code 1, e.g.

\`\`\`
Invalid configuration: PORT: "abc" is not a whole number
\`\`\`

When several values are bad, one is named: fix it and start again. The same
refusal stops \`npm run oidc:rotate-keys\`.

## Chains

\`CHAINS\` picks from these. Each one's JSON-RPC endpoint is \`RPC_URL_<chainId>\`,
used by the server only (contract-wallet signature checks, access rules, and
the browser's reads through \`/rpc/<chainId>\`, unless \`PUBLIC_RPC_URL_<chainId>\`
names an endpoint the browser may use directly); unset, it is the public
endpoint below. Set your own for anything beyond a trial: public endpoints are
rate-limited and see every request.

| chain id | name | currency | public RPC endpoint | testnet |
|---|---|---|---|---|
${chains.join('\n')}

The browser receives its part of the configuration (chains, RPC URLs,
WalletConnect project id, app name) from the server at run time, so one web
build serves every deployment.
`;
}
