import { detectMessageFamily } from '@sigil/siwe';
import { useEffect, useMemo, useState } from 'react';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { checkSiweFields, type SiweFieldsCheck } from './check-siwe-fields';
import type { SiwsFieldsCheck } from './check-siws-fields';
import { checkValidityTimes, type ValidityTimes } from './check-validity-times';
import { identifySigner, type Signer } from './identify-signer';
import type { SignerVerdictWords } from './solana-signer-verdict';

export type SignerState =
  | { status: 'waiting' }
  | { status: 'checking' }
  // verdict: the words for a Solana signer, which come with its check (solana-signer-verdict.ts).
  | { status: 'done'; signer: Signer; verdict?: SignerVerdictWords }
  | { status: 'error' };

export type VerifyTool = {
  fields: SiweFieldsCheck | SiwsFieldsCheck | null;
  times: ValidityTimes | null;
  signer: SignerState;
};

/**
 * Everything /verify shows for a message and a signature, computed in this browser: the
 * server's grammar, the validity times against this clock, and the signer (locally, or
 * through the message's chain for a contract wallet). Nothing goes to the Sigil server.
 * A Sign In With Solana message (its first line says so) is read by the server's Solana
 * parser and its Ed25519 signature checked with the curve code, loaded only then.
 */
export function useVerifyTool(message: string, signature: string, now: Date): VerifyTool {
  const { chains } = useRuntimeConfig();
  const solana = message.trim() !== '' && detectMessageFamily(message) === 'solana';
  // The Solana checker (and its parser) is a chunk of its own, loaded by the first Solana message.
  const [siws, setSiws] = useState<typeof import('./check-siws-fields') | null>(null);
  useEffect(() => {
    if (!solana || siws) return;
    let current = true;
    import('./check-siws-fields').then((module) => current && setSiws(module));
    return () => {
      current = false;
    };
  }, [solana, siws]);
  const fields = useMemo(() => {
    if (message.trim() === '') return null;
    if (solana) return siws ? siws.checkSiwsFields(message) : null;
    return checkSiweFields(message);
  }, [message, solana, siws]);
  const parsed = fields?.message ?? null;
  const times = useMemo(() => (parsed ? checkValidityTimes(parsed, now) : null), [parsed, now]);
  const [signer, setSigner] = useState<SignerState>({ status: 'waiting' });

  useEffect(() => {
    if (!fields?.message || signature.trim() === '') {
      setSigner({ status: 'waiting' });
      return;
    }
    let current = true;
    setSigner({ status: 'checking' });
    const { address } = fields.message;
    const checking: Promise<Omit<SignerState & { status: 'done' }, 'status'>> =
      fields.standard === 'Sign In With Solana'
        ? import('./check-solana-signer').then(({ checkSolanaSigner }) =>
            checkSolanaSigner({ message, signature, address }),
          )
        : identifySigner({
            message,
            signature: signature.trim(),
            address: fields.message.address,
            chainId: fields.message.chainId,
            chains,
          }).then((found) => ({ signer: found }));
    checking
      .then((found) => current && setSigner({ status: 'done', ...found }))
      .catch(() => current && setSigner({ status: 'error' }));
    return () => {
      current = false;
    };
  }, [message, signature, fields, chains]);

  return { fields, times, signer };
}
