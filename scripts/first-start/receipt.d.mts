// Types of receipt.mjs, for the TypeScript that reads it (server/test/fresh-clone-start.test.ts).
export declare const BUILT_PATHS: readonly string[];
/** What check-first-start.mjs saw in one check that passed. */
export type FirstStartObservation = {
  node: string;
  passedAt: string;
  /** None of BUILT_PATHS existed when the check began. */
  nothingBuilt: boolean;
  /** The start printed "building the workspace packages (not built yet)". */
  builtThePackagesFromNothing: boolean;
  /** The start printed a line that begins with "building". */
  printedBuilding: boolean;
  /** data/sigil.sqlite existed after the server stopped. */
  defaultDatabaseMade: boolean;
};
export declare function receiptPath(root: string): string;
export declare function checkoutTree(root: string): string;
export declare function readReceipt(
  root: string,
  check: 'start' | 'serve',
  tree?: string,
): FirstStartObservation | undefined;
export declare function writeReceipt(
  root: string,
  tree: string,
  check: 'start' | 'serve',
  observed: FirstStartObservation,
): void;
