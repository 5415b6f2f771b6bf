import { useEffect, useMemo, useState } from 'react';
import { useRuntimeConfig } from '../app/runtime-config-context';
import { checkSiweFields, type SiweFieldsCheck } from './check-siwe-fields';
import { checkValidityTimes, type ValidityTimes } from './check-validity-times';
import { identifySigner, type Signer } from './identify-signer';

export type SignerState =
  | { status: 'waiting' }
  | { status: 'checking' }
  | { status: 'done'; signer: Signer }
  | { status: 'error' };

export type VerifyTool = {
  fields: SiweFieldsCheck | null;
  times: ValidityTimes | null;
  signer: SignerState;
};

/**
 * Everything /verify shows for a message and a signature, computed in this browser: the
 * server's grammar, the validity times against this clock, and the signer (locally, or
 * through the message's chain for a contract wallet). Nothing goes to the Sigil server.
 */
export function useVerifyTool(message: string, signature: string, now: Date): VerifyTool {
  const { chains } = useRuntimeConfig();
  const fields = useMemo(
    () => (message.trim() === '' ? null : checkSiweFields(message)),
    [message],
  );
  const parsed = fields?.message ?? null;
  const times = useMemo(() => (parsed ? checkValidityTimes(parsed, now) : null), [parsed, now]);
  const [signer, setSigner] = useState<SignerState>({ status: 'waiting' });

  useEffect(() => {
    if (!parsed || signature.trim() === '') {
      setSigner({ status: 'waiting' });
      return;
    }
    let current = true;
    setSigner({ status: 'checking' });
    identifySigner({
      message,
      signature: signature.trim(),
      address: parsed.address,
      chainId: parsed.chainId,
      chains,
    })
      .then((found) => current && setSigner({ status: 'done', signer: found }))
      .catch(() => current && setSigner({ status: 'error' }));
    return () => {
      current = false;
    };
  }, [message, signature, parsed, chains]);

  return { fields, times, signer };
}
