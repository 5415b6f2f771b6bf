// Writes docs/api-reference.md from schema/schema.graphql:
//
//   npm run docs:api
//
// Run it after changing the schema; server/test/api-reference-is-current.test.ts
// fails until the page is rendered again and committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiReferenceMarkdown } from './render-api-reference-markdown.js';

/** The command that renders the page, as the page and the test name it. */
export const RENDER_API_REFERENCE_COMMAND = 'npm run docs:api';

export const SCHEMA_PATH = fileURLToPath(new URL('../../schema/schema.graphql', import.meta.url));
export const API_REFERENCE_PATH = fileURLToPath(
  new URL('../../docs/api-reference.md', import.meta.url),
);

/** The page as the schema file renders it now. */
export function renderApiReference(): string {
  return renderApiReferenceMarkdown({
    schema: readFileSync(SCHEMA_PATH, 'utf8'),
    command: RENDER_API_REFERENCE_COMMAND,
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(API_REFERENCE_PATH, renderApiReference());
  process.stdout.write(`wrote ${API_REFERENCE_PATH}\n`);
}
