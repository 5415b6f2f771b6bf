import { fileURLToPath } from 'node:url';

/**
 * The repository root, with a trailing slash: the harness builds, starts the
 * server and resolves packages from here, whichever suite or bench calls it.
 */
export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
