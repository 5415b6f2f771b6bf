import type SQLite from 'better-sqlite3';
import type { SchemaObjects } from './schema-objects.js';

type MasterRow = { type: string; name: string; tbl_name: string };
type ColumnRow = {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
};
type IndexRow = { name: string; unique: number; origin: string; partial: number };
type IndexColumnRow = { name: string | null; desc: number; coll: string; key: number };
type ForeignKeyRow = {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
  on_update: string;
  on_delete: string;
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A SQLite database's schema from its catalog: every table with its columns
 * (type, NOT NULL, default, key), indexes (columns, uniqueness, partial),
 * foreign keys (with their ON DELETE), views and triggers. SQLite's own
 * tables (sqlite_sequence, sqlite_stat1) are left out.
 */
export function sqliteSchemaObjects(sqlite: SQLite.Database): SchemaObjects {
  const objects: SchemaObjects = new Map();
  const rows = sqlite
    .prepare(
      "select type, name, tbl_name from sqlite_master where name not like 'sqlite\\_%' escape '\\' order by type, name",
    )
    .all() as MasterRow[];
  for (const row of rows) {
    if (row.type === 'trigger') objects.set(`trigger ${row.name} on ${row.tbl_name}`, '');
    else if (row.type === 'view') objects.set(`view ${row.name}`, '');
    else if (row.type === 'table') addTable(sqlite, row.name, objects);
    else if (row.type !== 'index') objects.set(`${row.type} ${row.name}`, '');
  }
  return objects;
}

function addTable(sqlite: SQLite.Database, table: string, objects: SchemaObjects): void {
  objects.set(`table ${table}`, '');
  const pragma = <Row>(name: string, argument: string) =>
    sqlite.prepare(`pragma ${name}(${quote(argument)})`).all() as Row[];
  for (const column of pragma<ColumnRow>('table_xinfo', table)) {
    // The default first: the part a PostgreSQL copy is compared by (columnDefault).
    objects.set(
      `column ${table}.${column.name}`,
      `default ${column.dflt_value ?? 'none'}; ${column.type}, ${column.notnull ? 'not null' : 'null'}, key ${column.pk}, hidden ${column.hidden}`,
    );
  }
  for (const index of pragma<IndexRow>('index_list', table)) {
    const columns = pragma<IndexColumnRow>('index_xinfo', index.name)
      .filter((column) => column.key)
      .map(
        (column) =>
          `${column.name ?? '(expression)'} ${column.desc ? 'desc' : 'asc'} ${column.coll}`,
      )
      .join(', ');
    const detail = `${index.unique ? 'unique ' : ''}${index.partial ? 'partial ' : ''}(${columns})`;
    // Indexes SQLite makes for a table's PRIMARY KEY and UNIQUE constraints are named by their columns.
    if (index.origin === 'c') objects.set(`index ${index.name}`, `on ${table} ${detail}`);
    else
      objects.set(`${index.origin === 'pk' ? 'primary key' : 'unique'} ${table}(${columns})`, '');
  }
  const foreignKeys = new Map<number, ForeignKeyRow[]>();
  for (const key of pragma<ForeignKeyRow>('foreign_key_list', table))
    foreignKeys.set(key.id, [...(foreignKeys.get(key.id) ?? []), key]);
  for (const parts of foreignKeys.values()) {
    const first = parts[0] as ForeignKeyRow;
    const from = parts.map((part) => part.from).join(', ');
    const to = parts.map((part) => part.to ?? '').join(', ');
    objects.set(
      `foreign key ${table}(${from}) references ${first.table}(${to})`,
      `on update ${first.on_update} on delete ${first.on_delete}`,
    );
  }
}

/** A column's default as sqliteSchemaObjects describes it: "default 0", "default 'eip155'", "default none". */
export function columnDefault(detail: string): string {
  return detail.split('; ')[0] as string;
}
