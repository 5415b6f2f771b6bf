import { buildPackagesIfStale } from '../../../testing/build-if-stale.js';

/**
 * Tests import the workspace packages (@sigil/*, in packages/) from their
 * sources, but the signature verifier's worker threads and the servers some
 * suites start as child processes are plain Node, which loads a package's
 * dist/. Rebuilt here when a package source is newer, so every part of a run
 * executes the same code.
 */
export default async function setup() {
  await buildPackagesIfStale();
}
