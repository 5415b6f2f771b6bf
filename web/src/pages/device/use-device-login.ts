import { useApolloClient } from '@apollo/client';
import { useCallback, useState } from 'react';
import {
  ApproveDeviceLoginDocument,
  DenyDeviceLoginDocument,
  DeviceLoginDocument,
  type DeviceLoginQuery,
} from '../../graphql/generated/graphql';
import { ErrorCode } from '../../graphql/generated/schema-enums';
import { readRefusal } from '../../graphql/read-refusal';

export type DeviceLogin = DeviceLoginQuery['deviceLogin'];

/** Why a code was not taken: the server's words for it are the page's (device-page.tsx). */
export type DeviceLoginProblem = 'invalid' | 'too-many-tries' | 'suspended' | 'failed';

export type DeviceLoginState =
  | { kind: 'entering'; problem: DeviceLoginProblem | null }
  | { kind: 'checking' }
  | { kind: 'found'; login: DeviceLogin; problem: DeviceLoginProblem | null }
  | { kind: 'answering'; login: DeviceLogin }
  | { kind: 'approved' }
  | { kind: 'denied' };

function problemOf(error: unknown): DeviceLoginProblem {
  switch (readRefusal(error)?.code) {
    case ErrorCode.DeviceCodeInvalid:
      return 'invalid';
    case ErrorCode.RateLimited:
      return 'too-many-tries';
    case ErrorCode.AccountSuspended:
      return 'suspended';
    default:
      return 'failed';
  }
}

/**
 * A device's request to sign in (docs/oidc.md, "Device login"): the code the
 * person types is looked up, then approved or denied as the signed-in
 * account. Every answer comes from the server, never the cache: a code is
 * used once, and the next look must say so.
 */
export function useDeviceLogin() {
  const client = useApolloClient();
  const [state, setState] = useState<DeviceLoginState>({ kind: 'entering', problem: null });

  const lookUp = useCallback(
    async (userCode: string) => {
      setState({ kind: 'checking' });
      try {
        const { data } = await client.query({
          query: DeviceLoginDocument,
          variables: { userCode },
          fetchPolicy: 'no-cache',
        });
        setState({ kind: 'found', login: data.deviceLogin, problem: null });
      } catch (error) {
        setState({ kind: 'entering', problem: problemOf(error) });
      }
    },
    [client],
  );

  const answer = useCallback(
    async (login: DeviceLogin, choice: 'approve' | 'deny') => {
      setState({ kind: 'answering', login });
      try {
        await client.mutate({
          mutation: choice === 'approve' ? ApproveDeviceLoginDocument : DenyDeviceLoginDocument,
          variables: { userCode: login.userCode },
          fetchPolicy: 'no-cache',
        });
        setState({ kind: choice === 'approve' ? 'approved' : 'denied' });
      } catch (error) {
        const problem = problemOf(error);
        // A code answered elsewhere meanwhile, or expired: back to the field, saying so.
        setState(
          problem === 'invalid' || problem === 'too-many-tries'
            ? { kind: 'entering', problem }
            : { kind: 'found', login, problem },
        );
      }
    },
    [client],
  );

  return {
    state,
    lookUp,
    approve: (login: DeviceLogin) => answer(login, 'approve'),
    deny: (login: DeviceLogin) => answer(login, 'deny'),
    startOver: () => setState({ kind: 'entering', problem: null }),
  };
}
