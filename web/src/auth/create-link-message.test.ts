import { parseSiweMessage } from '@sigil/siwe';
import { describe, expect, it } from 'vitest';
import { createGraphqlClient } from '../graphql/create-graphql-client';
import { createSchemaFetch } from '../test/schema-fetch';
import { createLinkMessage } from './create-link-message';

const address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
// The server's clock, years from this machine's: nothing may come from the latter.
const serverNow = new Date('2031-05-01T12:00:00.000Z');

function setUp() {
  const fetch = createSchemaFetch({
    rootValue: {
      me: () => ({ id: 'acc-1', linkStatement: 'Link this wallet to Sigil account acc-1.' }),
      signInParameters: () => ({
        domain: 'sigil.example',
        uri: 'https://sigil.example/',
        statement: 'Sign in to Sigil.',
        nonceTtlSeconds: 300,
        solanaClusters: [],
        chains: [{ id: 31337, name: 'Hardhat' }],
      }),
      createNonce: () => ({
        value: 'linknonce0001',
        expiresAt: new Date(serverNow.getTime() + 300_000).toISOString(),
      }),
    },
  });
  return createGraphqlClient({ fetch, wsUrl: 'ws://127.0.0.1:9/graphql' }).apollo;
}

describe('createLinkMessage', () => {
  it("carries the account's link statement, a fresh nonce, the wallet's chain and the server's time", async () => {
    const message = await createLinkMessage({
      client: setUp(),
      address: address.toLowerCase() as `0x${string}`,
      chainId: 31337,
    });
    expect(parseSiweMessage(message)).toEqual({
      domain: 'sigil.example',
      address,
      statement: 'Link this wallet to Sigil account acc-1.',
      uri: 'https://sigil.example/',
      version: '1',
      chainId: 31337,
      nonce: 'linknonce0001',
      issuedAt: serverNow.toISOString(),
    });
  });

  it('refuses a chain the server does not enable', async () => {
    await expect(createLinkMessage({ client: setUp(), address, chainId: 1 })).rejects.toThrow(
      /chain 1 is not enabled/,
    );
  });
});
