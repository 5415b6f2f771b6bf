import { describe, expect, it } from 'vitest';
import { checkSiweFields } from './check-siwe-fields';
import { checkValidityTimes } from './check-validity-times';
import { siweTestMessage, testSigner } from './siwe-test-message';

const stateOf = (text: string, label: string) =>
  checkSiweFields(text).fields.find((field) => field.label === label);

describe('checkSiweFields', () => {
  it('accepts a well-formed message field by field and as a whole', () => {
    const result = checkSiweFields(siweTestMessage());
    expect(result.grammarError).toBeNull();
    expect(result.message?.address).toBe(testSigner.address);
    const mandatory = result.fields.filter((field) => field.state !== 'absent');
    expect(mandatory.map((field) => [field.label, field.state])).toEqual([
      ['Domain', 'valid'],
      ['Address', 'valid'],
      ['Statement', 'valid'],
      ['URI', 'valid'],
      ['Version', 'valid'],
      ['Chain ID', 'valid'],
      ['Nonce', 'valid'],
      ['Issued At', 'valid'],
    ]);
  });

  it('marks each bad field invalid with its reason, all at once', () => {
    const text = siweTestMessage({
      address: testSigner.address.toLowerCase(),
      nonce: 'short',
      issuedAt: '2026-13-40T10:00:00Z',
    });
    const result = checkSiweFields(text);
    expect(result.message).toBeNull();
    expect(result.grammarError).toMatch(/address/i);
    expect(stateOf(text, 'Address')).toMatchObject({
      state: 'invalid',
      reason: expect.stringMatching(/EIP-55|checksum/i),
    });
    expect(stateOf(text, 'Nonce')).toMatchObject({ state: 'invalid' });
    expect(stateOf(text, 'Issued At')).toMatchObject({ state: 'invalid' });
    expect(stateOf(text, 'Domain')).toMatchObject({ state: 'valid' });
  });

  it('reports a missing mandatory field and refuses the whole text', () => {
    const text = siweTestMessage().replace(/\nNonce: [^\n]+/, '');
    expect(stateOf(text, 'Nonce')).toMatchObject({ state: 'missing' });
    expect(checkSiweFields(text).grammarError).not.toBeNull();
  });

  it('refuses by the strict grammar what every field alone would pass: CRLF line endings', () => {
    const result = checkSiweFields(siweTestMessage().replace(/\n/g, '\r\n'));
    expect(result.message).toBeNull();
    expect(result.grammarError).toMatch(/CR/);
  });
});

describe('checkValidityTimes', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('says whether the expiration time has passed', () => {
    expect(checkValidityTimes({ expirationTime: '2026-11-20T13:00:00Z' }, now).expiration).toBe(
      'holds',
    );
    expect(checkValidityTimes({ expirationTime: '2026-11-20T11:59:59Z' }, now).expiration).toBe(
      'expired',
    );
    expect(checkValidityTimes({}, now)).toEqual({ expiration: 'none', notBefore: 'none' });
  });
  it('says whether the not-before time has come', () => {
    expect(checkValidityTimes({ notBefore: '2026-11-20T12:00:01Z' }, now).notBefore).toBe(
      'not-yet-valid',
    );
    expect(checkValidityTimes({ notBefore: '2026-11-20T11:00:00Z' }, now).notBefore).toBe('holds');
  });
});
