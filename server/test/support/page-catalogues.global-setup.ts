import { writePageCatalogues } from '../../../scripts/build/write-page-catalogues.js';

/**
 * The server's tests run it from its sources, which read the page catalogues
 * compiled beside them (server/src/i18n/page-catalogues.ts); written here from
 * the web app's catalogues, as the build writes a server build's, so the pages
 * speak every locale's current words.
 */
export default function setup() {
  writePageCatalogues();
}
