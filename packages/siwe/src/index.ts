/**
 * @sigil/siwe: Sigil's strict EIP-4361 (Sign-In with Ethereum) and Sign In
 * With Solana grammars, message checks and signature verification, one
 * implementation for the
 * server that signs people in and the web pages that check a proof, so the
 * two can never disagree on what a message may hold. Pure: viem and nothing
 * of Node, so browsers bundle it as they are. Why Sigil has its own parser:
 * docs/decisions/own-siwe-parser.md and own-siws-parser.md. Ed25519
 * verification is its own entry, @sigil/siwe/solana-verify, so that bundles
 * that never check a Solana proof do not carry the curve code.
 *
 * This list is the package's whole public surface (index.test.ts snapshots it).
 */

export {
  SigilError,
  type SigilErrorCode,
  type SigilErrorCodes,
  type SigilErrorOptions,
} from './errors/base.js';
export {
  DomainMismatchError,
  InvalidMessageError,
  InvalidNonceError,
  InvalidSignatureError,
  MessageExpiredError,
  MessageNotYetValidError,
} from './errors/siwe.js';
export { checkMessageBinding, type MessageBinding } from './message/check-message-binding.js';
export type {
  FieldCheck,
  FieldState,
  MessageFieldsCheck,
} from './message/check-message-fields.js';
export { checkMessageTimes } from './message/check-message-times.js';
export { checkSiweMessageFields } from './message/check-siwe-message-fields.js';
export { checkSiwsMessageFields } from './message/check-siws-message-fields.js';
export { detectMessageFamily, type MessageFamily } from './message/detect-message-family.js';
export { formatSiweMessage } from './message/format-siwe-message.js';
export { formatSiwsMessage } from './message/format-siws-message.js';
export { parseSiweMessage } from './message/parse-siwe-message.js';
export { parseSiwsMessage } from './message/parse-siws-message.js';
export {
  assertAddress,
  assertChainId,
  assertDateTime,
  assertDomain,
  assertNonce,
  assertRequestId,
  assertScheme,
  assertStatement,
  assertUri,
  assertVersion,
  dateTimeToEpochMilliseconds,
  parseChainId,
} from './message/siwe-field-validators.js';
export { MAX_SIWE_MESSAGE_LENGTH, type SiweMessage } from './message/siwe-message.js';
export { assertSiwsAddress, assertSiwsChainId } from './message/siws-field-validators.js';
export { MAX_SIWS_MESSAGE_LENGTH, type SiwsMessage } from './message/siws-message.js';
export { rfc3339ToEpochMilliseconds } from './rfc/rfc3339.js';
export {
  type CreateWebAssemblyRecoveryReturnType,
  createWebAssemblyRecovery,
  type Secp256k1Recover,
} from './signature/create-webassembly-recovery.js';
export { recoverWithJavaScript } from './signature/recover-with-javascript.js';
export {
  type SignerRecovery,
  type SignerRecoveryName,
  selectSignerRecovery,
} from './signature/select-signer-recovery.js';
export {
  type SignatureRejectionReason,
  type VerifyContractSignatureParameters,
  type VerifyContractSignatureReturnType,
  verifyContractSignature,
} from './signature/verify-contract-signature.js';
export { decodeBase58, encodeBase58 } from './solana/base58.js';
export { decodeSolanaSignature } from './solana/decode-solana-signature.js';
export { isSmallOrderSolanaKey } from './solana/is-small-order-solana-key.js';
export { isSolanaAddress } from './solana/is-solana-address.js';
export {
  SOLANA_CLUSTERS,
  type SolanaCluster,
  type SolanaClusterName,
  solanaClusterOf,
} from './solana/solana-clusters.js';
export { SOLANA_IDENTITY_CHAIN, solanaCaip10 } from './solana/solana-identity.js';
