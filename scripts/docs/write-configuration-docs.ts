// Writes docs/configuration.md from server/src/config/environment-schema.ts:
//
//   npm run docs:config
//
// Run it after adding or changing a variable;
// server/src/config/render-configuration-docs.test.ts fails until the page is
// written again and committed.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderConfigurationDocs } from '../../server/src/config/render-configuration-docs.js';

const path = fileURLToPath(new URL('../../docs/configuration.md', import.meta.url));
writeFileSync(path, renderConfigurationDocs());
process.stdout.write(`wrote ${path}\n`);
