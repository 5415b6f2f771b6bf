import { BackupError } from './backup-error.js';

/**
 * What a database's schema is made of, one entry per object: a name for the
 * operator ("trigger grant_admin on sign_ins", "column accounts.role") and the
 * object's definition, compared with the same object in a database Sigil's
 * migrations made ('' where only the name is compared).
 */
export type SchemaObjects = Map<string, string>;

/**
 * Refuses a copy whose schema is not the one Sigil's migrations make up to its
 * schema version, naming in one line what it holds that they do not define,
 * what it lacks and what differs (docs/operations.md, "Backups": a copy
 * changed after it was taken could carry a trigger that grants a role or
 * deletes audit events once restored).
 */
export function refuseForeignSchema(
  file: string,
  copy: SchemaObjects,
  migrated: SchemaObjects,
  version: string,
): void {
  const extra = [...copy.keys()].filter((name) => !migrated.has(name));
  const lacking = [...migrated.keys()].filter((name) => !copy.has(name));
  const changed = [...copy.keys()].filter(
    (name) => migrated.has(name) && migrated.get(name) !== copy.get(name),
  );
  if (extra.length + lacking.length + changed.length === 0) return;
  const parts = [
    ...(lacking.length > 0 ? [`lacks ${lacking.join(', ')}`] : []),
    ...(changed.length > 0 ? [`changed ${changed.join(', ')}`] : []),
  ];
  const trail = `(Sigil's schema version ${version}); restore only a copy Sigil wrote`;
  throw new BackupError(
    extra.length > 0
      ? `${file} holds what Sigil's migrations do not define: ${[extra.join(', '), ...parts].join('; ')} ${trail}`
      : `${file} is not the schema Sigil's migrations make: ${parts.join('; ')} ${trail}`,
  );
}
