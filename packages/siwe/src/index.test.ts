import { expect, it } from 'vitest';
import * as siwe from './index.js';

// The public surface is this list: a change to it is a decision, made here in review.
it('exports exactly its public surface', () => {
  expect(Object.keys(siwe).sort()).toMatchInlineSnapshot(`
    [
      "DomainMismatchError",
      "InvalidMessageError",
      "InvalidNonceError",
      "InvalidSignatureError",
      "MAX_SIWE_MESSAGE_LENGTH",
      "MessageExpiredError",
      "MessageNotYetValidError",
      "SigilError",
      "assertAddress",
      "assertChainId",
      "assertDateTime",
      "assertDomain",
      "assertNonce",
      "assertRequestId",
      "assertScheme",
      "assertStatement",
      "assertUri",
      "assertVersion",
      "checkMessageBinding",
      "checkMessageTimes",
      "createWebAssemblyRecovery",
      "dateTimeToEpochMilliseconds",
      "formatSiweMessage",
      "parseChainId",
      "parseSiweMessage",
      "recoverWithJavaScript",
      "rfc3339ToEpochMilliseconds",
      "selectSignerRecovery",
      "verifyContractSignature",
    ]
  `);
});
