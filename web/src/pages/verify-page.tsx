import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { splitPastedProof } from '../proof/split-pasted-proof';
import { useVerifyTool } from '../proof/use-verify-tool';
import { PageHeading } from './page-heading';
import { FieldTable } from './verify/field-table';
import { SignerVerdict } from './verify/signer-verdict';
import { ValidityVerdict } from './verify/validity-verdict';
import { VERIFY_HEADING, VerifyIntro } from './verify/verify-intro';

/** `/verify`: check any EIP-4361 message and signature, entirely in this browser. */
export default function VerifyPage() {
  const { chains } = useRuntimeConfig();
  const [message, setMessage] = useState('');
  const [signature, setSignature] = useState('');
  // The clock is read when the inputs change: the verdict is about the moment of the check.
  const [now, setNow] = useState(() => new Date());
  const tool = useVerifyTool(message, signature, now);
  const ids = useId();
  const { t, i18n } = useLingui();
  const chainName = (id: number) => chains.find((chain) => chain.id === id)?.name ?? t`chain ${id}`;

  return (
    <section className="page" aria-labelledby="page-title" data-testid="verify-page">
      <VerifyIntro
        heading={<PageHeading title={t`Verify a proof`}>{i18n._(VERIFY_HEADING)}</PageHeading>}
      />
      <div className="card verify-inputs">
        <div className="field">
          <label htmlFor={`${ids}-message`}>
            <Trans>Message</Trans>
          </label>
          <textarea
            id={`${ids}-message`}
            rows={12}
            spellCheck={false}
            className="monospace"
            value={message}
            onChange={(event) => {
              const pasted = splitPastedProof(event.currentTarget.value);
              setMessage(pasted.message);
              if (pasted.signature !== null) setSignature(pasted.signature);
              setNow(new Date());
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-signature`}>
            <Trans>Signature</Trans>
          </label>
          <input
            id={`${ids}-signature`}
            type="text"
            spellCheck={false}
            autoComplete="off"
            className="monospace"
            placeholder="0x…"
            value={signature}
            onChange={(event) => {
              setSignature(event.currentTarget.value);
              setNow(new Date());
            }}
          />
        </div>
      </div>
      {tool.fields ? (
        <>
          <section className="card" aria-labelledby={`${ids}-format`}>
            <h2 id={`${ids}-format`}>
              <Trans>Format</Trans>
            </h2>
            {tool.fields.grammarError === null ? (
              <p
                className="proof-verdict proof-verified"
                data-testid="grammar-verdict"
                data-ok="true"
              >
                <Trans>✓ A well-formed {tool.fields.standard} message</Trans>
              </p>
            ) : (
              <p
                className="proof-verdict proof-failed"
                data-testid="grammar-verdict"
                data-ok="false"
              >
                <Trans>
                  ✗ Not a valid {tool.fields.standard} message: {tool.fields.grammarError}
                </Trans>
              </p>
            )}
            <FieldTable fields={tool.fields.fields} />
          </section>
          {tool.fields.message ? (
            <section className="card" aria-labelledby={`${ids}-signer`}>
              <h2 id={`${ids}-signer`}>
                <Trans>Signer and validity</Trans>
              </h2>
              <SignerVerdict state={tool.signer} chainName={chainName} />
              {tool.times ? (
                <ValidityVerdict
                  times={tool.times}
                  expirationTime={tool.fields.message.expirationTime}
                  notBefore={tool.fields.message.notBefore}
                />
              ) : null}
            </section>
          ) : (
            <p className="muted" data-testid="signer-waits">
              <Trans>The signature is checked once the message is well formed.</Trans>
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
