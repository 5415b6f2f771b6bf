/**
 * @sigil/siwe: Sigil's strict EIP-4361 (Sign-In with Ethereum) grammar,
 * message checks and signature verification, one implementation for the
 * server that signs people in and the web pages that check a proof, so the
 * two can never disagree on what a message may hold. Pure: viem and nothing
 * of Node, so browsers bundle it as they are. Why Sigil has its own parser:
 * docs/decisions/own-siwe-parser.md.
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
export { checkMessageTimes } from './message/check-message-times.js';
export { formatSiweMessage } from './message/format-siwe-message.js';
export { parseSiweMessage } from './message/parse-siwe-message.js';
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
