// Loaded with `node --import` (through NODE_OPTIONS) by scripts/node22/test.sh.
//
// better-sqlite3 is a native addon compiled for one Node ABI, and the
// machine's Node (20) uses the copy in node_modules. Rebuilding that copy for
// Node 22 and back would cost two compiles per run and break the tree for
// Node 20 if a run were cut short; instead test.sh compiles a second copy for
// Node 22 into scripts/node22/node_modules/.cache, and this hook sends every
// load of the addon there. It changes nothing when that copy is missing or when the
// running Node is not the one it was built for (the directory is per version).
import { existsSync, readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';

const ADDON = '/better-sqlite3/build/Release/better_sqlite3.node';
const { version } = JSON.parse(
  readFileSync(new URL('../../node_modules/better-sqlite3/package.json', import.meta.url), 'utf8'),
);
const cached = new URL(
  `./node_modules/.cache/${process.version}/better-sqlite3-${version}/better-sqlite3/build/Release/better_sqlite3.node`,
  import.meta.url,
);

// registerHooks is Node 22.15+: anywhere older this file does nothing.
if (typeof nodeModule.registerHooks === 'function' && existsSync(cached)) {
  const target = pathToFileURL(cached.pathname).href;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      if (resolved.url.endsWith(ADDON) && resolved.url !== target) {
        return { ...resolved, url: target };
      }
      return resolved;
    },
  });
}
