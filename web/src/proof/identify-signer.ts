import {
  InvalidSignatureError,
  type SignatureRejectionReason,
  verifyContractSignature,
} from '@sigil/siwe';
import {
  type Address,
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  isAddressEqual,
  isHex,
  size,
} from 'viem';
import type { RuntimeChain } from '../app/runtime-config';
import { recoverOffMainThread } from './recover-off-main-thread';

/**
 * Who signed a message, as the server decides it (docs/sign-in.md, step 5):
 * - `EOA`: a 65-byte signature recovers to the address, locally, without any request;
 * - `CONTRACT` / `COUNTERFACTUAL`: the wallet accepted it on `chainId` (EIP-1271 / EIP-6492);
 * - `invalid`: the signature does not prove the address (`reason` says how it failed);
 * - `unverifiable`: a contract check is needed on a chain this deployment does not enable;
 * - `ED25519`: a Solana key signed it (identify-solana-signer.ts).
 */
export type Signer =
  | { kind: 'EOA'; address: Address }
  | { kind: 'ED25519'; address: string }
  | { kind: 'CONTRACT' | 'COUNTERFACTUAL'; address: Address; chainId: number }
  | {
      kind: 'invalid';
      // NOT_BASE58 and NOT_THE_KEY: a Solana signature that is not 64 bytes of base58, or not the key's.
      reason: SignatureRejectionReason | 'NOT_HEX' | 'NOT_BASE58' | 'NOT_THE_KEY';
    }
  | { kind: 'unverifiable'; chainId: number };

/** What identifySigner finds: never a Solana key. */
export type EthereumSigner = Exclude<Signer, { kind: 'ED25519' }>;

export type IdentifySignerParameters = {
  message: string;
  signature: string;
  address: Address;
  chainId: number;
  /** The deployment's chains: the only RPC endpoints the browser may ask. */
  chains: readonly RuntimeChain[];
  /** One deadline over the whole contract-wallet check. @default 10000 */
  timeoutMs?: number;
};

/** Checks a signature in the browser: locally first, the message's chain only when a key did not sign it. */
export async function identifySigner({
  message,
  signature,
  address,
  chainId,
  chains,
  timeoutMs = 10_000,
}: IdentifySignerParameters): Promise<EthereumSigner> {
  if (!isHex(signature) || signature.length < 4) return { kind: 'invalid', reason: 'NOT_HEX' };
  const hex = signature as Hex;
  if (size(hex) === 65) {
    // The server's reference recovery, in a worker; null when the bytes are not a recoverable
    // secp256k1 signature, which a contract wallet may still accept.
    const recovered = await recoverOffMainThread(message, hex);
    if (recovered && isAddressEqual(recovered, address)) return { kind: 'EOA', address };
  }
  const chain = chains.find((candidate) => candidate.id === chainId);
  if (!chain) return { kind: 'unverifiable', chainId };
  // No retries: verifyContractSignature holds the whole check to one deadline.
  const client = createPublicClient({
    transport: http(chain.rpcUrl, { timeout: timeoutMs, retryCount: 0 }),
  });
  try {
    const kind = await verifyContractSignature(client, {
      address,
      chainId,
      hash: hashMessage(message),
      signature: hex,
      timeoutMs,
    });
    return { kind, address, chainId };
  } catch (error) {
    if (error instanceof InvalidSignatureError) {
      const reason = error.details.reason as SignatureRejectionReason | undefined;
      return { kind: 'invalid', reason: reason ?? 'WALLET_REJECTED' };
    }
    throw error;
  }
}
