import { recoverTypedDataAddress, verifyMessage } from 'viem';
import { expect, it } from 'vitest';
import { setUpSigilBrowser } from './harness/set-up-sigil-browser.js';

const browser = setUpSigilBrowser();

const TYPED_DATA = {
  domain: { name: 'Sigil', version: '1', chainId: 31337 },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'hello' },
} as const;

// Every flow leans on the Sigil Test Wallet, so it is held to the EIP-1193
// behaviour a real extension shows, through the page, as the app reaches it.
it('behaves as an EIP-1193 wallet announced by EIP-6963', async () => {
  const { page, wallet } = await browser.open({ accountIndex: 16, blank: true });
  await page.goto('/404-wallet-check');

  const answers = await page.evaluate(async (typedData) => {
    type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };
    const announced: { info: { name: string; rdns: string }; provider: Provider }[] = [];
    window.addEventListener('eip6963:announceProvider', (event) =>
      announced.push((event as CustomEvent).detail),
    );
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    const found = announced.find((detail) => detail.info.rdns === 'dev.sigil.testwallet');
    if (!found) return { found: false };
    const { provider } = found;
    const code = (promise: Promise<unknown>) =>
      promise.then(
        () => 'resolved',
        (error: { code?: number }) => error.code,
      );
    const accountsBefore = await provider.request({ method: 'eth_accounts' });
    const [account] = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
    const personal = await provider.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', account],
    });
    const typed = await provider.request({
      method: 'eth_signTypedData_v4',
      params: [account, JSON.stringify(typedData)],
    });
    const unknownChain = await code(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    );
    const blockNumber = await provider.request({ method: 'eth_blockNumber' });
    return { found: true, accountsBefore, account, personal, typed, unknownChain, blockNumber };
  }, TYPED_DATA);

  expect(answers).toMatchObject({
    found: true,
    accountsBefore: [],
    account: wallet.address,
    unknownChain: 4902,
  });
  expect(answers.blockNumber).toMatch(/^0x[0-9a-f]+$/);
  await expect(
    verifyMessage({
      address: wallet.address,
      message: 'hello',
      signature: answers.personal as `0x${string}`,
    }),
  ).resolves.toBe(true);
  await expect(
    recoverTypedDataAddress({ ...TYPED_DATA, signature: answers.typed as `0x${string}` }),
  ).resolves.toBe(wallet.address);
  expect(wallet.signatureRequests).toBe(2);
});
