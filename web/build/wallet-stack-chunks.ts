import { fileURLToPath } from 'node:url';

/** What rolldown's chunking context offers a group's `name` function. */
type ChunkingContext = {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
};

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/** The small entry: what paints the page before the wallet stack. */
const ENTRY = source('main.tsx');
/** What main.tsx imports after the first paint: the wallet stack and the app around it. */
const STACK_ROOTS = [
  source('app/create-app-element.tsx'),
  source('first-paint/seed-apollo-cache.ts'),
];

const isPackage = (id: string) => /[\\/]node_modules[\\/]/.test(id);
/** A file of Sigil's own (the app or a workspace package), not one of Vite's virtual helpers. */
const isOwnFile = (id: string) =>
  !id.startsWith('\0') && /[\\/](web[\\/]src|packages)[\\/]/.test(id);

/**
 * Every module `roots` import statically, themselves included; with
 * `ownCodeOnly`, the packages they import but not what those import in turn.
 */
function staticClosure(
  roots: readonly string[],
  context: ChunkingContext,
  ownCodeOnly = false,
): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    if (ownCodeOnly && isPackage(id)) continue;
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Names the chunk of a module the wallet stack needs and the entry does not:
 * `stack-vendor` for packages, `stack-app` for Sigil's own code, null for any
 * other module (the entry's, a page's, a lazy wallet SDK's). The entry's
 * packages are taken first by the `$initial` groups of higher priority
 * (vite.config.ts); of Sigil's own code, what the entry imports stays in it.
 * (A package's barrel lists every module it re-exports, so a closure through
 * packages would claim far more for the entry than its tree-shaken chunk holds.)
 *
 * Left to itself the bundler cuts the stack into about twenty chunks. A phone
 * on HTTP/1.1 opens six connections per host, and every request waits out
 * the network's round trip again when its turn comes: twenty requests cost
 * four round trips where two files cost one (docs/web-app.md, "First-visit
 * delivery"). Two files rather than one, so a release that changes only
 * Sigil's code leaves the packages' file in the browser's cache.
 */
export function createWalletStackChunkNamer() {
  let membership: { entry: Set<string>; stack: Set<string> } | undefined;
  return (id: string, context: ChunkingContext): string | null => {
    membership ??= {
      entry: staticClosure([ENTRY], context, true),
      stack: staticClosure(STACK_ROOTS, context),
    };
    if (!membership.stack.has(id) || membership.entry.has(id)) return null;
    if (isPackage(id)) return 'stack-vendor';
    return isOwnFile(id) ? 'stack-app' : null;
  };
}
