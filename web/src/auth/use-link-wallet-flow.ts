import { useApolloClient, useMutation } from '@apollo/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Address } from 'viem';
import { useAccount, useConfig } from 'wagmi';
import { disconnect, signMessage } from 'wagmi/actions';
import { AccountPageDocument, LinkWalletDocument, MeDocument } from '../graphql/generated/graphql';
import { createLinkMessage } from './create-link-message';
import { holdsWalletOf } from './holds-wallet-of';
import {
  type LinkFailure,
  preparingFailure,
  signingFailure,
  verifyingFailure,
} from './link-failure';
import { useSession } from './session-context';

export type LinkStep =
  | { step: 'idle' }
  /** Waiting for the wallet to show an address the account does not hold. */
  | { step: 'choosing' }
  | { step: 'signing'; address: Address }
  | { step: 'verifying'; address: Address }
  | { step: 'linked'; address: Address }
  | { step: 'failed'; address: Address; failure: LinkFailure; retryAfter: number | null };

export type LinkWalletFlow = {
  state: LinkStep;
  /** What the wallet shows now, and whether the account already holds it. */
  wallet: { address: Address | null; linked: boolean; connected: boolean };
  start(): void;
  /** Disconnects the wallet so the person can connect another one. */
  connectAnother(): Promise<void>;
  /** Asks the wallet for the link signature again. */
  retry(): void;
  /** Ends the flow; the session rule applies again to whatever the wallet shows. */
  close(): void;
};

/**
 * "Link a wallet": while it is open the wallet may switch account, or be
 * disconnected to connect another, without ending the session. As soon as it
 * shows an address the account does not hold, that wallet is asked to sign
 * the link message; the server links it, and the account's wallets (and with
 * them the session rule) include it before the flow reports success.
 */
export function useLinkWalletFlow(): LinkWalletFlow {
  const { account, setLinking } = useSession();
  const client = useApolloClient();
  const config = useConfig();
  const { address, chainId, status } = useAccount();
  const [linkWallet] = useMutation(LinkWalletDocument);
  const [state, setState] = useState<LinkStep>({ step: 'idle' });
  // The address of the last attempt: a failure is not retried by itself, only by `retry`.
  const attempted = useRef<Address | null>(null);
  const run = useRef(0);

  const connected = status === 'connected' && address !== undefined;
  const linked = connected && account !== null && holdsWalletOf(account, address);

  const link = useCallback(
    async (target: Address, onChain: number) => {
      const attempt = ++run.current;
      const current = () => attempt === run.current;
      attempted.current = target;
      const fail = (failure: LinkFailure) => {
        if (!current()) return;
        const retryAfter =
          failure.kind === 'rate-limited' ? Date.now() + failure.retryAfterSeconds * 1000 : null;
        setState({ step: 'failed', address: target, failure, retryAfter });
      };
      setState({ step: 'signing', address: target });
      let message: string;
      try {
        message = await createLinkMessage({ client, address: target, chainId: onChain });
      } catch (error) {
        return fail(preparingFailure(error));
      }
      let signature: `0x${string}`;
      try {
        signature = await signMessage(config, { account: target, message });
      } catch (error) {
        return fail(signingFailure(error));
      }
      if (!current()) return;
      setState({ step: 'verifying', address: target });
      try {
        await linkWallet({
          variables: { message, signature },
          // The session rule reads `me`'s wallets: they must include this one before the flow ends.
          refetchQueries: [MeDocument, AccountPageDocument],
          awaitRefetchQueries: true,
        });
      } catch (error) {
        return fail(verifyingFailure(error));
      }
      if (current()) setState({ step: 'linked', address: target });
    },
    [client, config, linkWallet],
  );

  const waiting = state.step === 'choosing' || state.step === 'linked' || state.step === 'failed';
  useEffect(() => {
    if (!waiting || !connected || linked || chainId === undefined) return;
    if (address === attempted.current) return;
    void link(address, chainId);
  }, [waiting, connected, linked, address, chainId, link]);

  return {
    state,
    wallet: { address: address ?? null, linked, connected },
    start() {
      attempted.current = null;
      setLinking(true);
      setState({ step: 'choosing' });
    },
    async connectAnother() {
      attempted.current = null;
      setState({ step: 'choosing' });
      await disconnect(config);
    },
    retry() {
      if (connected && !linked && chainId !== undefined) void link(address, chainId);
      else setState({ step: 'choosing' });
    },
    close() {
      run.current += 1;
      attempted.current = null;
      setState({ step: 'idle' });
      setLinking(false);
    },
  };
}
