import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The values of `enum ErrorCode` in schema/schema.graphql, the contract. */
function schemaErrorCodes(): Set<string> {
  const schema = buildSchema(readFileSync(join(root, 'schema/schema.graphql'), 'utf8'));
  const codes = schema.getType('ErrorCode') as GraphQLEnumType;
  return new Set(codes.getValues().map((value) => value.value as string));
}

/** Every TypeScript source (not a test, not generated) under `directory`. */
function sources(directory: string): string[] {
  return readdirSync(join(root, directory), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => !file.split(/[\\/]/).includes('generated'))
    .map((file) => join(root, directory, file));
}

// `code: 'X'`, `code = 'X'` (a SigilError's), `code ?? 'X'`: every way a code is written.
const CODE_LITERAL = /\bcode\s*(?::|=|\?\?)\s*\(?'([A-Z][A-Z0-9_]*)'/g;

/** Every upper-case code literal the server and the SIWE package write, with where. */
function emittedCodes(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...sources('server/src'), ...sources('packages/siwe/src')]) {
    for (const match of readFileSync(file, 'utf8').matchAll(CODE_LITERAL)) {
      found.set(match[1] as string, file.slice(root.length));
    }
  }
  return found;
}

describe('enum ErrorCode', () => {
  it('names every code the server and @sigil/siwe write', () => {
    const codes = schemaErrorCodes();
    const emitted = emittedCodes();
    // The scan finds the codes of each kind of site: a domain error, a transport refusal, the mask.
    for (const code of ['LAST_WALLET', 'INVALID_NONCE', 'BAD_REQUEST', 'INTERNAL_SERVER_ERROR']) {
      expect(emitted.has(code), code).toBe(true);
    }
    const missing = [...emitted].filter(([code]) => !codes.has(code));
    expect(missing).toEqual([]);
  });

  it('names the codes GraphQL Yoga raises itself', () => {
    const codes = schemaErrorCodes();
    for (const code of ['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST']) {
      expect(codes.has(code), code).toBe(true);
    }
  });
});
