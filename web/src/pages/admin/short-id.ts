/** The first 8 characters of an id: enough to tell accounts apart in a table; the full id is its title. */
export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
