import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  API_REFERENCE_PATH,
  RENDER_API_REFERENCE_COMMAND,
  renderApiReference,
} from '../../scripts/docs/render-api-reference.js';
import { renderApiReferenceMarkdown } from '../../scripts/docs/render-api-reference-markdown.js';

// docs/api-reference.md is rendered from schema/schema.graphql, never edited:
// a schema change that is not rendered again fails here.

it('docs/api-reference.md is what schema/schema.graphql renders to', () => {
  const committed = readFileSync(API_REFERENCE_PATH, 'utf8');
  expect(
    committed,
    `docs/api-reference.md is out of date: run \`${RENDER_API_REFERENCE_COMMAND}\` and commit it`,
  ).toBe(renderApiReference());
});

it('renders every field, argument, default, enum value and description', () => {
  const page = renderApiReferenceMarkdown({
    command: 'render',
    schema: `
      "Root."
      type Query {
        "Finds things."
        things("How many." first: Int = 20, kind: Kind): [Thing!]!
      }
      "A thing."
      type Thing { id: ID! old: String @deprecated(reason: "Use id.") }
      "Kinds."
      enum Kind { "Big ones." BIG SMALL }
      input Filter { "At least." min: Int = 1 }
    `,
  });
  expect(page).toContain('## Query');
  expect(page).toContain('- `things`: [`[Thing!]!`](#thing)\\\n  Finds things.');
  expect(page).toContain('  - argument `first`: `Int` (default `20`)\\\n    How many.');
  expect(page).toContain('  - argument `kind`: [`Kind`](#kind)');
  expect(page).toContain('- `old`: `String` (deprecated: Use id.)');
  expect(page).toContain('- `BIG`\\\n  Big ones.\n- `SMALL`');
  expect(page).toContain('- `min`: `Int` (default `1`)\\\n  At least.');
});

it('keeps the order of the schema file', () => {
  const page = renderApiReferenceMarkdown({
    command: 'render',
    schema: 'type Query { b: B a: A }\ntype B { x: Int }\ntype A { y: Int }\nscalar C',
  });
  const headings = page.split('\n').filter((line) => line.startsWith('## '));
  expect(headings).toEqual(['## Query', '## B', '## A', '## C']);
  expect(page.indexOf('- `b`')).toBeLessThan(page.indexOf('- `a`'));
});
