import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  ApproveDeviceLoginDocument,
  DenyDeviceLoginDocument,
  DeviceLoginDocument,
} from '../../graphql/generated/graphql';
import { useDeviceLogin } from './use-device-login';

const login = {
  __typename: 'DeviceLogin' as const,
  userCode: 'WDJB-MJHT',
  clientId: 'tv-app',
  name: 'Living-room TV',
  scopes: ['openid', 'wallets'],
  requestedAt: '2026-12-07T05:00:00.000Z',
  expiresAt: '2026-12-07T05:10:00.000Z',
};

const refused = (code: string) => ({
  errors: [new GraphQLError('refused', { extensions: { code, retryAfterSeconds: 42 } })],
});

function lookUpAnswers(typed: string, result: MockedResponse['result']): MockedResponse {
  return { request: { query: DeviceLoginDocument, variables: { userCode: typed } }, result };
}

function renderDeviceLogin(mocks: MockedResponse[]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockedProvider mocks={mocks}>{children}</MockedProvider>
  );
  return renderHook(() => useDeviceLogin(), { wrapper });
}

describe('useDeviceLogin', () => {
  it('finds the request a code names, and approves it', async () => {
    const { result } = renderDeviceLogin([
      lookUpAnswers('wdjb mjht', { data: { deviceLogin: login } }),
      {
        request: { query: ApproveDeviceLoginDocument, variables: { userCode: 'WDJB-MJHT' } },
        result: {
          data: { approveDeviceLogin: { __typename: 'DeviceLogin', userCode: 'WDJB-MJHT' } },
        },
      },
    ]);
    await act(() => result.current.lookUp('wdjb mjht'));
    expect(result.current.state).toEqual({ kind: 'found', login, problem: null });
    await act(() => result.current.approve(login));
    expect(result.current.state).toEqual({ kind: 'approved' });
  });

  it('denies a request', async () => {
    const { result } = renderDeviceLogin([
      {
        request: { query: DenyDeviceLoginDocument, variables: { userCode: 'WDJB-MJHT' } },
        result: { data: { denyDeviceLogin: { __typename: 'DeviceLogin', userCode: 'WDJB-MJHT' } } },
      },
    ]);
    await act(() => result.current.deny(login));
    expect(result.current.state).toEqual({ kind: 'denied' });
  });

  it('says why a code was not taken: not valid, too many tries', async () => {
    const { result } = renderDeviceLogin([
      lookUpAnswers('BBBB-BBBB', refused('DEVICE_CODE_INVALID')),
      lookUpAnswers('CCCC-CCCC', refused('RATE_LIMITED')),
    ]);
    await act(() => result.current.lookUp('BBBB-BBBB'));
    expect(result.current.state).toEqual({ kind: 'entering', problem: 'invalid' });
    await act(() => result.current.lookUp('CCCC-CCCC'));
    expect(result.current.state).toEqual({ kind: 'entering', problem: 'too-many-tries' });
  });

  it('keeps the request on screen when a suspended account is refused, and sends a used code back to the field', async () => {
    const { result } = renderDeviceLogin([
      {
        request: { query: ApproveDeviceLoginDocument, variables: { userCode: 'WDJB-MJHT' } },
        result: refused('ACCOUNT_SUSPENDED'),
      },
      {
        request: { query: DenyDeviceLoginDocument, variables: { userCode: 'WDJB-MJHT' } },
        result: refused('DEVICE_CODE_INVALID'),
      },
    ]);
    await act(() => result.current.approve(login));
    await waitFor(() =>
      expect(result.current.state).toEqual({ kind: 'found', login, problem: 'suspended' }),
    );
    await act(() => result.current.deny(login));
    expect(result.current.state).toEqual({ kind: 'entering', problem: 'invalid' });
  });
});
