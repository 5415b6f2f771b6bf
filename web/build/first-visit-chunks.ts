import { relative, sep } from 'node:path';

/** What the bundler says of one output chunk (rolldown's OutputChunk, the fields read here). */
export type BuiltChunk = {
  fileName: string;
  isEntry: boolean;
  /** The module a dynamic `import()` of this chunk names; null for a shared chunk. */
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  /** The chunks this one imports statically: they load with it. */
  imports: readonly string[];
};

/**
 * The modules `main.tsx` imports dynamically on every visit, after the first
 * paint: the wallet stack and the app around it (create-app-element), the
 * first paint's answers for Apollo's cache, and the page the path opens
 * (app/preload-page-for.ts). Paths from web/.
 */
export const FIRST_VISIT_DYNAMIC_ROOTS = [
  'src/app/create-app-element.tsx',
  'src/first-paint/seed-apollo-cache.ts',
] as const;

/** The pages an Ethereum visitor may open first, and whose chunks must hold nothing of Solana. */
export const ETHEREUM_FIRST_VISIT_PAGES = {
  '/': 'src/pages/home-page.tsx',
  '/u/<address>': 'src/pages/public-profile-page.tsx',
  '/verify': 'src/pages/verify-page.tsx',
} as const;

/**
 * The Solana modules an Ethereum visit does load, in the wallet stack: the
 * header's "Solana wallet" button and its check of whether the server takes
 * Solana sign-ins: 0.4 KiB on the wire. As a chunk of their own, loaded after
 * the stack, they cost 0.9 kB brotli and one more request, for 0.3 kB taken
 * out of the stack (docs/web-app.md, "Solana wallets"). Everything else of
 * Solana loads when asked for.
 */
export const SOLANA_MODULES_OF_THE_HEADER = [
  'src/solana/solana-sign-in-button.tsx',
  'src/solana/lazy-solana-wallet-dialog.ts',
  'src/solana/sign-in-failure-message.ts',
] as const;

/**
 * A module of Sign-In with Solana: the app's Solana folder and proof checks,
 * @sigil/siwe's Solana parser, formatter and Ed25519 code, the Wallet
 * Standard and Solana packages. By path: every such file says "solana" or
 * "siws" in its name or folder (docs/web-app.md, "Solana wallets").
 */
export function isSolanaModule(id: string): boolean {
  return /solana|siws|[\\/]@wallet-standard[\\/]/i.test(id);
}

/**
 * A module of the WebAuthn package (`@simplewebauthn/browser`): loaded only
 * when a passkey is added or used (src/passkeys/load-webauthn.ts), never on
 * a first visit (docs/web-app.md, "Passkeys").
 */
export function isWebAuthnModule(id: string): boolean {
  return /[\\/]@simplewebauthn[\\/]/.test(id);
}

/**
 * A module of one of the catalogues named `name` (`admin` for
 * `src/locales/<locale>/admin.po`): the console's and the server's are kept
 * out of a first visit (docs/translations.md, "Three catalogues").
 */
export function isCatalogueModule(id: string, name: 'messages' | 'admin' | 'server'): boolean {
  return new RegExp(`[\\\\/]locales[\\\\/][^\\\\/]+[\\\\/]${name}\\.po(?:\\?.*)?$`).test(id);
}

/**
 * The chunks a first visit to `page` downloads as the app starts: the entry,
 * the chunks `main.tsx` imports after the first paint, the page's own, and
 * every chunk those import statically. Chunks imported with `import()` from
 * there on (a dialog, a wallet SDK, the Solana proof check) are not among
 * them: they load when a visitor asks for them.
 */
export function chunksOfFirstVisit(
  chunks: readonly BuiltChunk[],
  webRoot: string,
  page: string,
): BuiltChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const fromWeb = (id: string) => relative(webRoot, id).split(sep).join('/');
  const roots = [...FIRST_VISIT_DYNAMIC_ROOTS, page];
  // A root's chunk is the one holding it: the wallet stack's modules are grouped into
  // stack-app and stack-vendor (build/wallet-stack-chunks.ts), so it need not be its facade.
  const starts = chunks.filter((chunk) => chunk.isEntry);
  for (const root of roots) {
    const chunk = chunks.find((candidate) =>
      candidate.moduleIds.some((id) => fromWeb(id) === root),
    );
    if (!chunk) throw new Error(`no chunk holds ${root}`);
    starts.push(chunk);
  }
  const seen = new Map<string, BuiltChunk>();
  const pending = [...starts];
  while (pending.length > 0) {
    const chunk = pending.pop() as BuiltChunk;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...seen.values()];
}
