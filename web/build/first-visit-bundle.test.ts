import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { withoutTestRunnerEnv } from '../../testing/without-test-runner-env';
import {
  type BuiltChunk,
  chunksOfFirstVisit,
  ETHEREUM_FIRST_VISIT_PAGES,
  isCatalogueModule,
  isSolanaModule,
  isWebAuthnModule,
  SOLANA_MODULES_OF_THE_HEADER,
} from './first-visit-chunks';

// import.meta.dirname: under jsdom, URL is the browser's, which fileURLToPath refuses.
const webRoot = join(import.meta.dirname, '..');
const fromWeb = (id: string) => id.replace(`${webRoot}/`, '');

/**
 * What an Ethereum visitor downloads holds nothing of Sign-In with Solana but
 * the header's button and its check (docs/web-app.md, "Solana wallets"): the app is built as `npm run build`
 * builds it (web/vite.config.ts, in memory, by print-built-chunks.ts), and the modules of the chunks a
 * first visit to `/`, `/u/<address>` or `/verify` loads are read from the
 * bundler's own output. A static import of the Solana picker, or of a Solana
 * proof check in a page, puts another Solana module there.
 */
describe('the chunks of an Ethereum first visit', () => {
  let chunks: BuiltChunk[];

  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'print-built-chunks.ts')],
      { cwd: webRoot, env: withoutTestRunnerEnv(process.env), maxBuffer: 64 * 1024 * 1024 },
    );
    chunks = JSON.parse(stdout) as BuiltChunk[];
    // A failure bound, not a budget: the whole app is built, a minute or more on two busy cores.
  }, 600_000);

  it('still has the Solana modules, in chunks of their own', () => {
    // Else the check below would pass for a build whose Solana files were renamed past isSolanaModule.
    const solana = chunks.flatMap(({ moduleIds }) => moduleIds.filter(isSolanaModule));
    expect(solana.map(fromWeb)).toEqual(
      expect.arrayContaining([
        'src/solana/solana-sign-in-button.tsx',
        'src/solana/solana-wallet-dialog.tsx',
        'src/proof/verify-solana-proof.ts',
        'src/proof/check-solana-signer.ts',
      ]),
    );
  });

  it.each(Object.entries(ETHEREUM_FIRST_VISIT_PAGES))(
    '%s loads no Solana module but the header button',
    (_, page) => {
      const allowed = new Set<string>(SOLANA_MODULES_OF_THE_HEADER);
      const loaded = chunksOfFirstVisit(chunks, webRoot, page);
      const solana = loaded.flatMap(({ fileName, moduleIds }) =>
        moduleIds
          .filter((id) => isSolanaModule(id) && !allowed.has(fromWeb(id)))
          .map((id) => `${fileName}: ${fromWeb(id)}`),
      );
      expect(solana).toEqual([]);
    },
  );

  it("has the console's catalogues in chunks of the console, and no catalogue of the server's pages", () => {
    // Else the check below would pass for a build whose catalogues were renamed past isCatalogueModule.
    const admin = chunks.flatMap(({ moduleIds }) =>
      moduleIds.filter((id) => isCatalogueModule(id, 'admin')),
    );
    expect(admin.map(fromWeb)).toEqual(
      expect.arrayContaining(['src/locales/en-US/admin.po', 'src/locales/ja-JP/admin.po']),
    );
    const server = chunks.flatMap(({ moduleIds }) =>
      moduleIds.filter((id) => isCatalogueModule(id, 'server')),
    );
    expect(server).toEqual([]);
  });

  it.each(Object.entries(ETHEREUM_FIRST_VISIT_PAGES))(
    "%s loads none of the console's catalogues",
    (_, page) => {
      const loaded = chunksOfFirstVisit(chunks, webRoot, page);
      const admin = loaded.flatMap(({ fileName, moduleIds }) =>
        moduleIds
          .filter((id) => isCatalogueModule(id, 'admin') || isCatalogueModule(id, 'server'))
          .map((id) => `${fileName}: ${fromWeb(id)}`),
      );
      expect(admin).toEqual([]);
      // What it does load: the English catalogue of the app, in the entry.
      expect(
        loaded.some(({ moduleIds }) =>
          moduleIds.some((id) => fromWeb(id).startsWith('src/locales/en-US/messages.po')),
        ),
      ).toBe(true);
    },
  );

  it('has the WebAuthn package in a lazy chunk of its own', () => {
    // Else the check below would pass for a build that no longer bundles it under this path.
    const holding = chunks.filter(({ moduleIds }) => moduleIds.some(isWebAuthnModule));
    expect(holding.length).toBeGreaterThan(0);
    for (const chunk of holding) {
      expect(chunk.isEntry).toBe(false);
      // Its own: nothing of the app's or another package's rides with it.
      expect(chunk.moduleIds.filter((id) => !isWebAuthnModule(id) && !id.startsWith('\0'))).toEqual(
        [],
      );
    }
  });

  it.each(Object.entries(ETHEREUM_FIRST_VISIT_PAGES))(
    '%s downloads no byte of @simplewebauthn',
    (_, page) => {
      const loaded = chunksOfFirstVisit(chunks, webRoot, page);
      const webAuthn = loaded.flatMap(({ fileName, moduleIds }) =>
        moduleIds.filter(isWebAuthnModule).map((id) => `${fileName}: ${fromWeb(id)}`),
      );
      expect(webAuthn).toEqual([]);
    },
  );
});
