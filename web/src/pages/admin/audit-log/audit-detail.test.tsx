import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { RuntimeConfig } from '../../../app/runtime-config';
import { RuntimeConfigContext } from '../../../app/runtime-config-context';
import { AuditDetail } from './audit-detail';

const config = {
  appName: 'Sigil',
  publicUrl: 'http://localhost:3000',
  walletConnectProjectId: null,
  solanaSignIn: false,
  chains: [
    {
      id: 8453,
      name: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrl: 'http://127.0.0.1:8545',
      testnet: false,
    },
  ],
} as unknown as RuntimeConfig;

/** The detail's fields as "label: value" lines, as a person reads them. */
function renderFields(detail: string | null) {
  cleanup();
  render(
    <RuntimeConfigContext.Provider value={config}>
      <Router hook={memoryLocation({ path: '/admin/audit-log' }).hook}>
        <AuditDetail detail={detail} />
      </Router>
    </RuntimeConfigContext.Provider>,
  );
  return screen
    .queryAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

describe('AuditDetail', () => {
  it('shows a sign-in in words: the chain by name, the wallet kind, whether it made the account', () => {
    expect(
      renderFields(
        '{"sessionId":"0193a7c2-1111-7000-8000-000000000000","chainId":8453,"walletKind":"EOA","accountCreated":true}',
      ),
    ).toEqual([
      'Session: 0193a7c2…',
      'Chain: Base (8453)',
      'Wallet kind: EOA (key-signed account)',
      'New account: Yes',
    ]);
  });

  it('names a refusal by its code and a chain it does not know by its id', () => {
    expect(renderFields('{"chainId":1,"code":"INVALID_SIGNATURE"}')).toEqual([
      'Chain: 1',
      'Refused with: INVALID_SIGNATURE',
    ]);
  });

  it('says which profile fields changed and which roles moved', () => {
    expect(renderFields('{"fields":["displayName","avatar"]}')).toEqual([
      'Changed: Display name, Avatar',
    ]);
    expect(renderFields('{"roles":["holder"],"granted":["holder"],"revoked":[]}')).toEqual([
      'Roles now: holder',
      'Granted: holder',
      'Revoked: none',
    ]);
  });

  it("writes a suspension's end as a date", () => {
    const until = Date.UTC(2026, 11, 3, 14, 30);
    const expected = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(until);
    expect(renderFields(`{"reason":"Spam","until":${until},"endedSessionIds":[]}`)).toEqual([
      'Reason: “Spam”',
      `Until: ${expected}`,
      'Sessions ended: 0',
    ]);
  });

  it('still shows a key it does not know, as it came', () => {
    expect(renderFields('{"chainId":null,"shard":{"n":2},"constructor":"x"}')).toEqual([
      'Chain: Any chain',
      'shard: {"n":2}',
      'constructor: x',
    ]);
  });

  it('shows text that is not a JSON object as it came, and nothing as a dash', () => {
    expect(renderFields('[1,2]')).toEqual([]);
    expect(screen.getByText('[1,2]').tagName).toBe('CODE');
  });
});
