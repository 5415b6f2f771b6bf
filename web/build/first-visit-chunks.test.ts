import { describe, expect, it } from 'vitest';
import {
  type BuiltChunk,
  chunksOfFirstVisit,
  isSolanaModule,
  isWebAuthnModule,
} from './first-visit-chunks';

const web = '/repo/web';
const chunk = (fileName: string, fields: Partial<BuiltChunk>): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  imports: [],
  ...fields,
});

const chunks = [
  chunk('index.js', { isEntry: true, moduleIds: [`${web}/src/main.tsx`], imports: ['react.js'] }),
  chunk('react.js', { moduleIds: ['/repo/node_modules/react/index.js'] }),
  chunk('stack-app.js', {
    moduleIds: [
      `${web}/src/app/create-app-element.tsx`,
      `${web}/src/first-paint/seed-apollo-cache.ts`,
    ],
    imports: ['stack-vendor.js'],
  }),
  chunk('stack-vendor.js', { moduleIds: ['/repo/node_modules/wagmi/index.js'] }),
  chunk('home-page.js', {
    facadeModuleId: `${web}/src/pages/home-page.tsx`,
    moduleIds: [`${web}/src/pages/home-page.tsx`],
    imports: ['page-heading.js'],
  }),
  chunk('page-heading.js', { moduleIds: [`${web}/src/pages/page-heading.tsx`] }),
  chunk('verify-page.js', { moduleIds: [`${web}/src/pages/verify-page.tsx`] }),
  chunk('solana-sign-in-button.js', {
    facadeModuleId: `${web}/src/solana/solana-sign-in-button.tsx`,
    moduleIds: [`${web}/src/solana/solana-sign-in-button.tsx`],
  }),
];

describe('chunksOfFirstVisit', () => {
  it('takes the entry, the stack, the page and what they import statically, not what they import lazily', () => {
    const files = chunksOfFirstVisit(chunks, web, 'src/pages/home-page.tsx').map(
      ({ fileName }) => fileName,
    );
    expect(files.sort()).toEqual([
      'home-page.js',
      'index.js',
      'page-heading.js',
      'react.js',
      'stack-app.js',
      'stack-vendor.js',
    ]);
  });

  it('refuses a build in which a root is in no chunk, rather than find nothing in it', () => {
    expect(() => chunksOfFirstVisit(chunks, web, 'src/pages/public-profile-page.tsx')).toThrow(
      'no chunk holds src/pages/public-profile-page.tsx',
    );
  });
});

describe('isSolanaModule', () => {
  it.each([
    '/repo/web/src/solana/solana-sign-in-button.tsx',
    '/repo/web/src/proof/check-siws-fields.ts',
    '/repo/packages/siwe/src/message/parse-siws-message.ts',
    '/repo/node_modules/@wallet-standard/app/lib/esm/wallets.js',
  ])('%s is', (id) => expect(isSolanaModule(id)).toBe(true));

  it.each([
    '/repo/web/src/proof/verify-wallet-proof.ts',
    '/repo/packages/siwe/src/message/parse-siwe-message.ts',
  ])('%s is not', (id) => expect(isSolanaModule(id)).toBe(false));
});

describe('isWebAuthnModule', () => {
  it.each(['/repo/node_modules/@simplewebauthn/browser/esm/methods/startAuthentication.js'])(
    '%s is',
    (id) => expect(isWebAuthnModule(id)).toBe(true),
  );

  it.each([
    '/repo/web/src/passkeys/load-webauthn.ts',
    '/repo/web/src/passkeys/passkey-sign-in.tsx',
  ])('%s is not', (id) => expect(isWebAuthnModule(id)).toBe(false));
});
