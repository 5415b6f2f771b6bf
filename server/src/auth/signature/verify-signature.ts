import { availableParallelism } from 'node:os';
import {
  type SignatureRejectionReason,
  type SignerRecoveryName,
  verifyContractSignature,
} from '@sigil/siwe';
import {
  type Address,
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  isAddress,
  isAddressEqual,
  isErc6492Signature,
  isHex,
  type PublicClient,
  size,
} from 'viem';
import {
  BadUserInputError,
  InvalidSignatureError,
  RateLimitedError,
  UnsupportedChainError,
} from '../../errors.js';
import { createNoCodeMemory, type NoCodeMemory } from './no-code-memory.js';
import { createWorkerPool, WorkerPoolFullError, type WorkerPoolStats } from './worker-pool.js';

/**
 * Step 5 of the sign-in policy (docs/sign-in.md): does this signature of this
 * message prove ownership of this address, and what kind of wallet made it?
 */
export type WalletKind = 'EOA' | 'CONTRACT' | 'COUNTERFACTUAL';

export type VerifySignatureParameters = {
  address: Address;
  message: string;
  signature: Hex;
  chainId: number;
  /**
   * Called once the chain must be asked, never for an EOA's own signature nor
   * for an address remembered without code: the caller's budget of chain
   * checks (docs/sign-in.md), which throws to refuse.
   */
  beforeAskingChain?: () => Promise<void>;
};

export type SignatureVerifier = {
  /**
   * Resolves with the kind of wallet that signed. Throws UnsupportedChainError
   * when `chainId` is not configured, InvalidSignatureError when the signature
   * does not prove ownership. When the chain could not be asked (timeout,
   * unreachable, an error), `details.reason` is `'SIGNER_MISMATCH'` for a
   * 65-byte signature another key made, `'CHAIN_UNAVAILABLE'` or
   * `'CHAIN_ERROR'` for any other (docs/sign-in.md#signature-recovery).
   */
  verify(parameters: VerifySignatureParameters): Promise<WalletKind>;
  /** The recovery pool now: jobs waiting for a thread, and how busy the threads have been (0..1). */
  poolStats(): WorkerPoolStats;
  /** Which secp256k1 recovery the worker threads run, and why the fast one is not used if so. */
  recovery(): Promise<RecoveryDescription>;
  /** Ends the worker threads; recoveries still queued or running reject. */
  close(): Promise<void>;
};

export type CreateSignatureVerifierParameters = {
  chains: { id: number; rpcUrl: string }[];
  /** One deadline for the whole contract-wallet check. @default 10000 */
  timeoutMs?: number;
  /** Worker threads for local recovery. @default min(2, available CPUs) */
  workers?: number;
  /**
   * Recoveries that may wait for a free thread; beyond that a sign-in is
   * refused with RATE_LIMITED (retry in a second) instead of queueing without
   * end. @default 1000
   */
  maxQueue?: number;
  /** 'javascript' forces viem's recovery even where the WebAssembly one loads. @default 'fastest' */
  recovery?: 'fastest' | 'javascript';
  /** The addresses the chains said have no code. @default a memory of 10000 for ten minutes */
  noCode?: NoCodeMemory;
};

type RecoverSignerJob = { message: string; signature: Hex };
export type RecoveryDescription = { name: SignerRecoveryName; reason?: string };

// src/auth/signature and dist/auth/signature are both three levels below server/.
const recoverSignerUrl = new URL('../../../workers/recover-signer.cjs', import.meta.url);
const ECDSA_SIGNATURE_BYTES = 65;

export function createSignatureVerifier(
  parameters: CreateSignatureVerifierParameters,
): SignatureVerifier {
  const {
    chains,
    timeoutMs = 10_000,
    workers = Math.min(2, availableParallelism()),
    maxQueue = 1000,
    recovery = 'fastest',
    noCode = createNoCodeMemory(),
  } = parameters;

  const clients = new Map<number, PublicClient>(
    chains.map(({ id, rpcUrl }) => [
      id,
      createPublicClient({
        // No retries: the contract check has one deadline of timeoutMs, and a
        // retry could not finish inside it after a request that used it all.
        transport: http(rpcUrl, { timeout: timeoutMs, batch: { batchSize: 1000 }, retryCount: 0 }),
        // Without a chain definition viem knows no Multicall3 address, so calls go out as
        // plain eth_call: a Hardhat node standing in for mainnet has no Multicall3 deployed.
        batch: { multicall: { batchSize: 1024 } },
      }),
    ]),
  );
  const pool = createWorkerPool<RecoverSignerJob | undefined, Address | null | RecoveryDescription>(
    {
      url: recoverSignerUrl,
      size: workers,
      maxQueue,
      workerData: { recovery },
    },
  );

  async function recoverSigner(job: RecoverSignerJob): Promise<Address | null> {
    try {
      return (await pool.run(job)) as Address | null;
    } catch (error) {
      // Overload: every thread busy and maxQueue waiting. Refuse this sign-in
      // at once (the client may retry in a second) rather than let the queue,
      // and every sign-in's latency, grow without end.
      if (error instanceof WorkerPoolFullError) throw new RateLimitedError(1);
      throw error;
    }
  }

  return {
    async verify({ address, message, signature, chainId, beforeAskingChain }) {
      const client = clients.get(chainId);
      if (!client) {
        throw new UnsupportedChainError(`chain ${chainId} is not enabled on this server`, {
          details: { chainId },
        });
      }
      if (!isAddress(address, { strict: false })) {
        throw new BadUserInputError('address is not an Ethereum address', { details: { address } });
      }
      if (!isHex(signature, { strict: true }) || signature.length % 2 !== 0) {
        throw new InvalidSignatureError('The signature is not hex-encoded bytes.', {
          details: { reason: 'MALFORMED_SIGNATURE' satisfies SignatureRejectionReason },
        });
      }

      // Recover locally first: an EOA sign-in must never wait on an RPC endpoint.
      const ecdsa = size(signature) === ECDSA_SIGNATURE_BYTES;
      if (ecdsa) {
        const signer = await recoverSigner({ message, signature });
        if (signer && isAddressEqual(signer, address)) return 'EOA';
      }

      // An EIP-6492 signature is for a wallet without code yet: only the others
      // can be judged by what the chain said of the address before.
      const counterfactual = isErc6492Signature(signature);
      if (!counterfactual && noCode.has(chainId, address)) throw walletRejected();
      await beforeAskingChain?.();
      // Asked beside the check, in the same JSON-RPC batch: one HTTP request.
      const code = counterfactual
        ? undefined
        : client.getCode({ address }).then(
            (bytes) => (bytes === undefined || bytes === '0x' ? 'none' : 'some'),
            () => 'unknown',
          );
      const check = verifyContractSignature(client, {
        address,
        chainId,
        hash: hashMessage(message),
        signature,
        timeoutMs,
      }).catch(async (error: unknown) => {
        // The wallet refused: the batch has answered, so its code is known.
        if (code && isWalletRejection(error) && (await code) === 'none') {
          noCode.remember(chainId, address);
        }
        throw error;
      });
      return ecdsa
        ? check.catch((error) => mismatchOrChainFailure(error, address, chainId))
        : check;
    },

    poolStats: () => pool.stats(),

    recovery: async () => (await pool.run(undefined, 'describeRecovery')) as RecoveryDescription,

    close: () => pool.close(),
  };
}

/** What the chain answers for a signature an address without code cannot accept. */
function walletRejected(): InvalidSignatureError {
  return new InvalidSignatureError(undefined, {
    details: { reason: 'WALLET_REJECTED' satisfies SignatureRejectionReason },
  });
}

function isWalletRejection(error: unknown): boolean {
  return error instanceof InvalidSignatureError && error.details.reason === 'WALLET_REJECTED';
}

/**
 * A 65-byte signature made by another key than the address's, whose chain could
 * not be asked whether the address is a contract wallet that accepts it. Most
 * such signatures are simply wrong (another account, another message), so the
 * refusal says first that the signature does not match the address, and only
 * then that the chain could not be asked: "chain 1 did not answer in time"
 * alone tells a person their chain is down when their signature is wrong. A
 * contract wallet whose chain is down gets the same words, which stay true for
 * it. Any other refusal (the chain answered: WALLET_REJECTED) stays as it is.
 */
export const SIGNER_MISMATCH = 'SIGNER_MISMATCH';

function mismatchOrChainFailure(error: unknown, address: Address, chainId: number): never {
  const chainCheck = error instanceof InvalidSignatureError ? error.details.reason : undefined;
  if (chainCheck === 'CHAIN_UNAVAILABLE' || chainCheck === 'CHAIN_ERROR') {
    const why =
      chainCheck === 'CHAIN_UNAVAILABLE'
        ? `chain ${chainId} could not be asked whether it is a contract wallet`
        : `chain ${chainId} answered with an error when asked whether it is a contract wallet`;
    throw new InvalidSignatureError(
      `the signature does not match the address ${address} (${why})`,
      {
        details: { reason: SIGNER_MISMATCH, chainCheck },
        cause: error,
      },
    );
  }
  throw error;
}
