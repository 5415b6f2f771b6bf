import { createServer, type Server, type Socket } from 'node:net';
import {
  type Address,
  BaseError,
  HttpRequestError,
  numberToHex,
  serializeErc6492Signature,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractWallets,
  deployContractWallets,
} from '../../../../testing/deploy-contract-wallets.js';
import { freePort } from '../../../../testing/free-port.js';
import { type HardhatNode, startHardhatNode } from '../../../../testing/hardhat-node.js';
import { InvalidSignatureError } from '../../errors.js';
import { createSignatureVerifier, type SignatureVerifier } from './verify-signature.js';

// Hardhat takes a few seconds to start and solcjs a few more to compile.
const SLOW = 60_000;
// Each hung-endpoint test waits this out once. Long enough for the live node to
// answer the control on a loaded machine. How the deadline adds up over several
// requests is proven on a fake clock, in verify-contract-signature.test.ts.
const TIMEOUT_MS = 3_000;

// The same wallet and signatures are checked against three endpoints for
// three chain ids: the real node, a hung one and a closed port.
const LIVE_CHAIN = 31337;
const HUNG_CHAIN = 1;
const CLOSED_CHAIN = 137;

/** Accepts TCP connections and never answers: an RPC endpoint that hangs. */
type HungEndpoint = { url: string; connections: number; close(): Promise<void> };

async function startHungEndpoint(): Promise<HungEndpoint> {
  const sockets = new Set<Socket>();
  const endpoint = { url: '', connections: 0, close: async () => {} };
  const server: Server = createServer((socket) => {
    endpoint.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  endpoint.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  endpoint.close = () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return endpoint;
}

function signInMessage(address: Address, chainId: number): string {
  return `localhost wants you to sign in with your Ethereum account:
${address}

URI: http://localhost:3000
Version: 1
Chain ID: ${chainId}
Nonce: ${crypto.randomUUID().replaceAll('-', '')}
Issued At: ${new Date().toISOString()}`;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a rejection, got ${String(value)}`);
    },
    (error: unknown) => error,
  );
}

let node: HardhatNode;
let hung: HungEndpoint;
let wallets: ContractWallets;
let verifier: SignatureVerifier;
let wallet: Address;
const owner = privateKeyToAccount(generatePrivateKey());

beforeAll(async () => {
  node = await startHardhatNode({ chainId: LIVE_CHAIN });
  hung = await startHungEndpoint();
  wallets = await deployContractWallets({ rpcUrl: node.url, chainId: node.chainId });
  wallet = await wallets.deployWallet(owner.address, numberToHex(1, { size: 32 }));
  verifier = createSignatureVerifier({
    chains: [
      { id: LIVE_CHAIN, rpcUrl: node.url },
      { id: HUNG_CHAIN, rpcUrl: hung.url },
      // Nothing listens there: connecting is refused at once.
      { id: CLOSED_CHAIN, rpcUrl: `http://127.0.0.1:${await freePort()}` },
    ],
    timeoutMs: TIMEOUT_MS,
  });
}, SLOW);

afterAll(async () => {
  await verifier?.close();
  await hung?.close();
  await node?.stop();
}, SLOW);

async function contractSignature(chainId: number) {
  const message = signInMessage(wallet, chainId);
  return { address: wallet, message, signature: await owner.signMessage({ message }), chainId };
}

describe('when the chain does not answer', () => {
  it('still verifies an EOA signature, without connecting to the hung endpoint', async () => {
    const message = signInMessage(owner.address, HUNG_CHAIN);
    const signature = await owner.signMessage({ message });
    await expect(
      verifier.verify({ address: owner.address, message, signature, chainId: HUNG_CHAIN }),
    ).resolves.toBe('EOA');
    expect(hung.connections).toBe(0);
  });

  it('verifies the contract signature while its chain answers (the control)', async () => {
    await expect(verifier.verify(await contractSignature(LIVE_CHAIN))).resolves.toBe('CONTRACT');
  });

  // Without a deadline the check would wait forever: the test's own timeout is the failure bound.
  it('refuses a 65-byte contract-wallet signature when the endpoint hangs: not the address key, the chain could not be asked', async () => {
    const connectionsBefore = hung.connections;
    const error = await rejection(verifier.verify(await contractSignature(HUNG_CHAIN)));
    expect(error).toBeInstanceOf(InvalidSignatureError);
    // The owner's key made it: from the bytes alone it is a wrong EOA signature,
    // which is what most such signatures are.
    expect(error).toMatchObject({
      message: `the signature does not match the address ${wallet} (chain ${HUNG_CHAIN} could not be asked whether it is a contract wallet)`,
      details: { reason: 'SIGNER_MISMATCH', chainCheck: 'CHAIN_UNAVAILABLE' },
    });
    expect(hung.connections).toBeGreaterThan(connectionsBefore);
  });

  it('refuses a wrong EOA signature with the mismatch first, and the chain only as the reason it could not be asked', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const message = signInMessage(owner.address, HUNG_CHAIN);
    const signature = await stranger.signMessage({ message });
    const error = await rejection(
      verifier.verify({ address: owner.address, message, signature, chainId: HUNG_CHAIN }),
    );
    expect(error).toMatchObject({
      code: 'INVALID_SIGNATURE',
      message: `the signature does not match the address ${owner.address} (chain ${HUNG_CHAIN} could not be asked whether it is a contract wallet)`,
      details: { reason: 'SIGNER_MISMATCH', chainCheck: 'CHAIN_UNAVAILABLE' },
    });
  });

  it('refuses an EIP-6492 check, which needs two requests, as CHAIN_UNAVAILABLE when the endpoint hangs', async () => {
    const { address, factory, factoryData } = await wallets.counterfactualWallet(
      owner.address,
      numberToHex(2, { size: 32 }),
    );
    const message = signInMessage(address, HUNG_CHAIN);
    const signature = serializeErc6492Signature({
      address: factory,
      data: factoryData,
      signature: await owner.signMessage({ message }),
    });
    const error = await rejection(
      verifier.verify({ address, message, signature, chainId: HUNG_CHAIN }),
    );
    expect(error).toMatchObject({
      message: `could not verify the contract-wallet signature: chain ${HUNG_CHAIN} did not answer in time`,
      details: { reason: 'CHAIN_UNAVAILABLE' },
    });
  });

  it('refuses an EIP-6492 signature as CHAIN_UNAVAILABLE at once when the port is closed', async () => {
    const { address, factory, factoryData } = await wallets.counterfactualWallet(
      owner.address,
      numberToHex(3, { size: 32 }),
    );
    const message = signInMessage(address, CLOSED_CHAIN);
    const signature = serializeErc6492Signature({
      address: factory,
      data: factoryData,
      signature: await owner.signMessage({ message }),
    });
    const error = await rejection(
      verifier.verify({ address, message, signature, chainId: CLOSED_CHAIN }),
    );
    expect(error).toBeInstanceOf(InvalidSignatureError);
    expect(error).toMatchObject({ details: { reason: 'CHAIN_UNAVAILABLE' } });
    // "At once": refused for the failed connection, which is its cause, not for the
    // deadline running out, which has none.
    const cause = (error as InvalidSignatureError).cause;
    expect(cause).toBeInstanceOf(BaseError);
    expect((cause as BaseError).walk((inner) => inner instanceof HttpRequestError)).toBeInstanceOf(
      HttpRequestError,
    );
  });
});

describe('a burst of EOA sign-ins', () => {
  it('completes 200 concurrent local recoveries while the event loop keeps running', async () => {
    const bursts = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const account = privateKeyToAccount(generatePrivateKey());
        const message = signInMessage(account.address, HUNG_CHAIN);
        return {
          address: account.address,
          message,
          signature: await account.signMessage({ message }),
          chainId: HUNG_CHAIN,
        };
      }),
    );
    // Start the workers first: the burst then only travels to threads that are up.
    await Promise.all(bursts.slice(0, 4).map((sign) => verifier.verify(sign)));

    const connectionsBefore = hung.connections;
    let burstDone = false;
    let timerFiredDuringBurst = false;
    const burst = Promise.all(bursts.map((sign) => verifier.verify(sign))).finally(() => {
      burstDone = true;
    });
    // The burst takes many round trips to the workers; a loop they did not block
    // runs this timer between two of them. How fast they go is for the benchmark.
    setTimeout(() => {
      timerFiredDuringBurst = !burstDone;
    }, 0);
    const kinds = await burst;

    expect(kinds).toEqual(Array(200).fill('EOA'));
    expect(timerFiredDuringBurst).toBe(true);
    expect(hung.connections).toBe(connectionsBefore);
  });
});
