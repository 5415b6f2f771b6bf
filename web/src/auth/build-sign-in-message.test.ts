import { parseSiweMessage } from '@sigil/siwe';
import { describe, expect, it } from 'vitest';
import { buildSignInMessage } from './build-sign-in-message';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const serverNow = new Date('2031-05-01T12:00:00.000Z');
const parameters = {
  domain: 'sigil.example',
  uri: 'https://sigil.example/',
  statement: 'Sign in to Sigil.',
  nonceTtlSeconds: 600,
  chains: [{ id: 31337, name: 'Hardhat' }],
  solanaClusters: [],
};
const nonce = {
  value: 'signnonce0001',
  expiresAt: new Date(serverNow.getTime() + 600_000).toISOString(),
};

describe('buildSignInMessage', () => {
  it('writes a message the server’s parser reads back field for field', () => {
    const message = buildSignInMessage({
      parameters,
      statement: 'Link this wallet to Sigil account acc-1.',
      address: address.toLowerCase(),
      chainId: 31337,
      nonce,
    });
    expect(parseSiweMessage(message)).toEqual({
      domain: 'sigil.example',
      address,
      statement: 'Link this wallet to Sigil account acc-1.',
      uri: 'https://sigil.example/',
      version: '1',
      chainId: 31337,
      nonce: 'signnonce0001',
      issuedAt: serverNow.toISOString(),
    });
  });

  it('refuses a chain the server does not enable', () => {
    expect(() =>
      buildSignInMessage({ parameters, statement: 'x', address, chainId: 1, nonce }),
    ).toThrow(/chain 1 is not enabled/);
  });
});
