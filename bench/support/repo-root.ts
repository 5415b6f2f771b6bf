import { fileURLToPath } from 'node:url';

/** The repository root (/work/main): every bench resolves paths and packages from here. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
