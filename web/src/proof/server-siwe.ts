/**
 * The server's own EIP-4361 grammar and checks, imported from `server/src` rather
 * than copied: a proof page that accepted what `signIn` refuses (or the reverse)
 * would be worse than none. These modules are pure (viem and the server's error
 * classes, no Node API), so Vite bundles them for the browser and `tsc -p server`
 * still builds them for Node; nothing moved, so `npm start` and the server build
 * are untouched. Only this file reaches into the server's tree.
 */

export {
  type SignatureRejectionReason,
  verifyContractSignature,
} from '../../../server/src/auth/signature/verify-contract-signature';
export { checkMessageTimes } from '../../../server/src/auth/siwe/check-message-times';
export { parseSiweMessage } from '../../../server/src/auth/siwe/parse-siwe-message';
export {
  assertAddress,
  assertDateTime,
  assertDomain,
  assertNonce,
  assertRequestId,
  assertScheme,
  assertStatement,
  assertUri,
  assertVersion,
  parseChainId,
} from '../../../server/src/auth/siwe/siwe-field-validators';
export type { SiweMessage } from '../../../server/src/auth/siwe/siwe-message';
export { MAX_SIWE_MESSAGE_LENGTH } from '../../../server/src/auth/siwe/siwe-message';
export { InvalidSignatureError, SigilError } from '../../../server/src/errors';
