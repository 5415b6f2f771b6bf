import {
  type Address,
  BaseError,
  CounterfactualDeploymentFailedError,
  ExecutionRevertedError,
  encodeDeployData,
  encodeFunctionData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  type Hex,
  HttpRequestError,
  hexToBigInt,
  type PublicClient,
  parseAbi,
  parseErc6492Signature,
  RawContractError,
  TimeoutError,
} from 'viem';
import { SigilError } from '../errors/base.js';
import { InvalidSignatureError } from '../errors/siwe.js';

/**
 * Asks the chain whether a contract wallet accepts a signature: EIP-6492 for a
 * wallet that is not deployed yet (its signature carries the factory call that
 * would deploy it), EIP-1271 otherwise. The whole check, every request it
 * makes included, is bound by one deadline: viem's transport alone would hold
 * a hung endpoint for its timeout on each request it sends.
 */
export type VerifyContractSignatureParameters = {
  address: Address;
  chainId: number;
  /** The EIP-191 hash of the message: what the wallet's `isValidSignature` is asked about. */
  hash: Hex;
  signature: Hex;
  timeoutMs: number;
};

export type VerifyContractSignatureReturnType = 'CONTRACT' | 'COUNTERFACTUAL';

/**
 * Why a contract-wallet signature was refused, in `InvalidSignatureError.details.reason`.
 * - `MALFORMED_SIGNATURE`: the bytes are not a signature at all (a broken EIP-6492 envelope).
 * - `WALLET_REJECTED`: the chain answered and the wallet (or its absence) did not accept it.
 * - `CHAIN_UNAVAILABLE`: the chain did not answer before the deadline, or could not be reached.
 * - `CHAIN_ERROR`: the chain answered with an error that is not the wallet's refusal.
 */
export type SignatureRejectionReason =
  | 'MALFORMED_SIGNATURE'
  | 'WALLET_REJECTED'
  | 'CHAIN_UNAVAILABLE'
  | 'CHAIN_ERROR';

const erc1271Abi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);
const ERC1271_MAGIC_VALUE = '0x1626ba7e';

export async function verifyContractSignature(
  client: PublicClient,
  parameters: VerifyContractSignatureParameters,
): Promise<VerifyContractSignatureReturnType> {
  const { chainId, timeoutMs } = parameters;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const expired = new Promise<never>((_, reject) => {
    deadline.signal.addEventListener('abort', () => reject(deadlineError(chainId)), { once: true });
  });
  const check = askTheChain(client, parameters, deadline.signal);
  // Past the deadline nobody awaits the check any more; its late failure is not news.
  check.catch(() => {});
  try {
    return await Promise.race([check, expired]);
  } catch (error) {
    throw asInvalidSignatureError(error, chainId);
  } finally {
    clearTimeout(timer);
  }
}

async function askTheChain(
  client: PublicClient,
  parameters: VerifyContractSignatureParameters,
  deadline: AbortSignal,
): Promise<VerifyContractSignatureReturnType> {
  const { address, hash, signature } = parameters;
  const envelope = parseEnvelope(signature);

  if (envelope.factory) {
    const code = await client.getCode({ address });
    // Do not start a second request the caller has stopped waiting for.
    if (deadline.aborted) throw deadlineError(parameters.chainId);
    if (code === undefined || code === '0x') {
      // The universal validator runs in eth_call: it deploys the wallet with the
      // factory call, then asks it. Nothing is mined.
      const { data } = await client.call({
        data: encodeDeployData({
          abi: erc6492SignatureValidatorAbi,
          args: [address, hash, signature],
          bytecode: erc6492SignatureValidatorByteCode,
        }),
      });
      if (data !== undefined && hexToBigInt(data) === 1n) return 'COUNTERFACTUAL';
      throw walletRejected();
    }
    // Deployed since it signed: the envelope is spent, the inner signature is what the wallet checks.
  }

  const { data } = await client.call({
    to: address,
    data: encodeFunctionData({
      abi: erc1271Abi,
      functionName: 'isValidSignature',
      args: [hash, envelope.signature],
    }),
  });
  if (data?.slice(0, 10).toLowerCase() === ERC1271_MAGIC_VALUE) return 'CONTRACT';
  throw walletRejected();
}

function parseEnvelope(signature: Hex): { signature: Hex; factory?: Address } {
  try {
    const parsed = parseErc6492Signature(signature);
    return { signature: parsed.signature, factory: parsed.address };
  } catch (cause) {
    throw new InvalidSignatureError('The signature is not a well-formed EIP-6492 signature.', {
      details: { reason: 'MALFORMED_SIGNATURE' satisfies SignatureRejectionReason },
      cause,
    });
  }
}

function walletRejected(cause?: unknown): InvalidSignatureError {
  return new InvalidSignatureError(undefined, {
    details: { reason: 'WALLET_REJECTED' satisfies SignatureRejectionReason },
    cause,
  });
}

function deadlineError(chainId: number, cause?: unknown): InvalidSignatureError {
  return new InvalidSignatureError(
    `could not verify the contract-wallet signature: chain ${chainId} did not answer in time`,
    { details: { reason: 'CHAIN_UNAVAILABLE' satisfies SignatureRejectionReason }, cause },
  );
}

/**
 * Maps what the check threw to a typed error: a raw viem error never leaves
 * this module. Anything else is a bug here and stays what it is.
 */
function asInvalidSignatureError(error: unknown, chainId: number): unknown {
  if (error instanceof SigilError || !(error instanceof BaseError)) return error;
  if (error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError)) {
    return deadlineError(chainId, error);
  }
  if (error.walk(isRevert)) return walletRejected(error);
  return new InvalidSignatureError(
    `could not verify the contract-wallet signature: chain ${chainId} answered with an error`,
    { details: { reason: 'CHAIN_ERROR' satisfies SignatureRejectionReason }, cause: error },
  );
}

/**
 * A wallet that refuses a signature may revert instead of returning a value.
 * Nodes say so differently: geth with code 3 and revert data, Hardhat with
 * -32603 and "reverted" in the message.
 */
function isRevert(cause: unknown): boolean {
  if (
    cause instanceof ExecutionRevertedError ||
    cause instanceof RawContractError ||
    cause instanceof CounterfactualDeploymentFailedError
  ) {
    return true;
  }
  const message = (cause as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /revert/i.test(message);
}
