import type { SchemaObjects } from './schema-objects.js';

/**
 * The statements a pg_dump archive of Sigil's schema holds besides its
 * tables and indexes, as `pg_restore --schema-only` prints them (whitespace
 * run together): session settings, the schema, owners, keys and constraints,
 * and the sequence of a serial column. Each is matched whole, so a statement
 * of another kind (a function, a trigger, a view, a rule, a policy, a column
 * default) is never taken for one of these.
 */
const ACCEPTED = [
  /^SET [a-z_]+ = [^;]*;$/,
  /^SELECT pg_catalog\.set_config\('search_path', '', false\);$/,
  /^CREATE SCHEMA \S+;$/,
  /^COMMENT ON SCHEMA \S+ IS '[^']*';$/,
  // Owners of whatever the copy holds (a restore sets none: --no-owner); the objects are judged by their own statements.
  /^ALTER [A-Z ]+ \S.* OWNER TO \S+;$/,
  /^ALTER TABLE ONLY \S+ ADD CONSTRAINT \S+ (?:PRIMARY KEY|UNIQUE) \([^()]+\);$/,
  /^ALTER TABLE ONLY \S+ ADD CONSTRAINT \S+ FOREIGN KEY \([^()]+\) REFERENCES \S+\([^()]+\)(?: ON DELETE (?:CASCADE|SET NULL))?;$/,
  /^CREATE SEQUENCE \S+(?: AS (?:integer|bigint))? START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;$/,
  /^ALTER SEQUENCE \S+ OWNED BY \S+;$/,
  // Grants (a read-only role of the operator's, the public schema's): a restore applies none (--no-privileges).
  /^(?:GRANT|REVOKE) [A-Za-z, ]+ ON (?:SCHEMA|TABLE|SEQUENCE) \S+ (?:TO|FROM) \S+;$/,
  /^ALTER TABLE ONLY \S+ ALTER COLUMN \S+ SET DEFAULT nextval\('[^']+'::regclass\);$/,
];

const CREATE_TABLE = /^CREATE TABLE (\S+) \($/;
const CREATE_INDEX = /^CREATE (?:UNIQUE )?INDEX (\S+) ON (?:ONLY )?\S+ USING btree \([^;]*\);$/;
/** How a statement of another kind is named to the operator: "trigger grant_admin", "function grant_admin()". */
const CREATES =
  /^CREATE (?:OR REPLACE )?((?:EVENT |CONSTRAINT )?TRIGGER|FUNCTION|PROCEDURE|AGGREGATE|(?:MATERIALIZED )?VIEW|RULE|POLICY|TYPE|DOMAIN|EXTENSION|(?:FOREIGN |UNLOGGED )?TABLE|INDEX|SEQUENCE|OPERATOR|CAST|SERVER|PUBLICATION|SUBSCRIPTION) (?:IF NOT EXISTS )?(\S+?(?:\([^)]*\))?)(?: |;|$)/;

/**
 * A column's default as pg_dump prints it, without its casts ('eip155'::text
 * is 'eip155'), to compare with SQLite's; anything else that computes a value
 * (GENERATED … AS) is kept whole, so it differs.
 */
function columnDefault(line: string): string {
  const generated = /\sGENERATED .*?,?$/.exec(line)?.[0];
  if (generated) return generated.trim();
  const value = /\sDEFAULT (.*?)(?: NOT NULL)?,?$/.exec(line)?.[1];
  return value === undefined ? 'none' : value.replace(/::[a-z ]+(?:\(\d+\))?/g, '');
}

/** An identifier as pg_dump prints it, without its schema and quotes. */
const bare = (name: string) =>
  (name.includes('.') ? name.slice(name.indexOf('.') + 1) : name).replace(/^"(.*)"$/, '$1');

/**
 * Reads the schema of a pg_dump archive from the script `pg_restore
 * --schema-only` prints: tables with their column names, index names, and
 * every statement not of the kinds above, named. The script is read as
 * statements: lines up to one ending in `;` outside a dollar-quoted body.
 */
export function postgresSchemaObjects(script: Iterable<string>): SchemaObjects {
  const objects: SchemaObjects = new Map();
  for (const lines of statements(script)) {
    const first = (lines[0] as string).trim();
    const table = CREATE_TABLE.exec(first)?.[1];
    if (table !== undefined && lines.at(-1)?.trim() === ');') {
      objects.set(`table ${bare(table)}`, '');
      for (const line of lines.slice(1, -1)) {
        const name = /^\s*("(?:[^"]|"")*"|\S+)/.exec(line)?.[1] ?? line;
        if (name === 'CONSTRAINT') {
          const named = /^\s*CONSTRAINT (\S+)/.exec(line)?.[1] ?? '';
          objects.set(`constraint ${bare(table)}.${bare(named)}`, '');
        } else {
          objects.set(`column ${bare(table)}.${bare(name)}`, `default ${columnDefault(line)}`);
        }
      }
      continue;
    }
    const text = lines.map((line) => line.trim()).join(' ');
    const index = CREATE_INDEX.exec(text)?.[1];
    if (index !== undefined) {
      objects.set(`index ${bare(index)}`, '');
      continue;
    }
    if (ACCEPTED.some((pattern) => pattern.test(text))) continue;
    const created = CREATES.exec(text);
    objects.set(
      created
        ? `${(created[1] as string).toLowerCase()} ${bare(created[2] as string)}`
        : `statement "${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`,
      '',
    );
  }
  return objects;
}

function* statements(script: Iterable<string>): Generator<string[]> {
  let lines: string[] = [];
  let dollarTag: string | undefined;
  for (const line of script) {
    if (lines.length === 0 && (line.trim() === '' || line.startsWith('--'))) continue;
    // pg_restore's guard around its script (\restrict KEY … \unrestrict KEY); any other meta-command is a statement.
    if (lines.length === 0 && /^\\(?:un)?restrict \S+$/.test(line)) continue;
    lines.push(line);
    for (const tag of line.match(/\$[A-Za-z_]*\$/g) ?? []) {
      if (dollarTag === undefined) dollarTag = tag;
      else if (tag === dollarTag) dollarTag = undefined;
    }
    if (dollarTag === undefined && (line.trimEnd().endsWith(';') || line.startsWith('\\'))) {
      yield lines;
      lines = [];
    }
  }
  if (lines.length > 0) yield lines;
}
