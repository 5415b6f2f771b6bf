import { describe, expect, it } from 'vitest';
import { postgresClientConnection, postgresLocation } from './postgres-location.js';

describe('postgresLocation', () => {
  it('takes the schema from search_path in options, as the server connects to it', () => {
    const url = new URL('postgres://sigil:secret@db.example:5432/sigil');
    url.searchParams.set('options', '-c search_path=tenant_a');
    const location = postgresLocation(url.toString());
    expect(location.schema).toBe('tenant_a');
    // pg_dump and pg_restore get the URL without options, which they set
    // themselves, and the password in their environment.
    expect(postgresClientConnection(url.toString())).toEqual({
      dbname: 'postgres://sigil@db.example:5432/sigil',
      env: { PGPASSWORD: 'secret' },
    });
  });

  it('takes the first schema of a list, skipping "$user", and unquotes it', () => {
    expect(
      postgresLocation('postgres://h/d?options=--search_path%3D%22%24user%22,%22Shop%22,public')
        .schema,
    ).toBe('Shop');
    expect(
      postgresLocation('postgres://h/d?options=-csearch_path%3Dother%20-c%20x%3Dy').schema,
    ).toBe('other');
  });

  it('is public without a search_path', () => {
    expect(postgresLocation('postgres://h/d').schema).toBe('public');
    expect(postgresLocation('postgres://h/d?options=-c%20statement_timeout%3D5000').schema).toBe(
      'public',
    );
  });

  it('describes the place without the password', () => {
    const { description } = postgresLocation('postgres://sigil:secret@db.example:5432/sigil');
    expect(description).toBe('PostgreSQL database "sigil" on db.example:5432, schema "public"');
    expect(description).not.toContain('secret');
  });
});
