import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export const VERIFY_HEADING = msg`Verify a Sign-In with Ethereum proof`;

/** The top of `/verify`, shown by the first paint (first-paint/) and by the page: the same words. */
export function VerifyIntro({ heading }: { heading: ReactNode }) {
  return (
    <>
      {heading}
      <p className="lead">
        <Trans>
          Paste an EIP-4361 message and its signature. Your browser checks the message against the
          same strict grammar Sigil's server uses, finds who signed it, and whether it is within its
          validity times. Nothing you paste is sent to Sigil.
        </Trans>
      </p>
    </>
  );
}
