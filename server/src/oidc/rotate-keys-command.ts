import { loadConfigOrExit } from '../config/load-config-or-exit.js';
import { createDatabase } from '../store/create-database.js';
import { migrateToLatest } from '../store/migrate.js';
import { loadOrCreateOidcKeys, RETIRED_KEY_PUBLISHED_MS, rotateSigningKey } from './oidc-keys.js';

/**
 * `npm run oidc:rotate-keys`: adds a new OpenID Connect signing key to the
 * database of DATABASE_URL and retires the current one. Each instance signs
 * with the new key from its next start (restart them one by one); the old
 * key stays published meanwhile and for RETIRED_KEY_PUBLISHED_MS after, so
 * every ID token it signed stays verifiable until it has expired.
 */
async function main() {
  const config = loadConfigOrExit();
  const store = createDatabase(config.database);
  try {
    await migrateToLatest(store);
    await loadOrCreateOidcKeys(store.db);
    const { generation, kid } = await rotateSigningKey(store.db);
    const hours = Math.round(RETIRED_KEY_PUBLISHED_MS / 3_600_000);
    process.stdout.write(
      `New signing key ${kid} (generation ${generation}). Restart each instance to sign with it; ` +
        `the previous key stays published for ${hours} hours.\n`,
    );
  } finally {
    await store.close();
  }
}

await main();
