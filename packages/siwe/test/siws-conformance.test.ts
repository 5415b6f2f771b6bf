/**
 * The Sign In With Solana vectors (siws-vectors.ts) run against this
 * package's parser and formatter, and against the Solana Wallet Standard's
 * own writer and reader (@solana/wallet-standard-util, a devDependency only):
 * what a wallet's `solana:signIn` writes for a set of fields is byte for byte
 * what formatSiwsMessage writes, and each reads the other's text back to the
 * same fields.
 */
import { createSignInMessageText, parseSignInMessageText } from '@solana/wallet-standard-util';
import { describe, expect, it } from 'vitest';
import {
  checkMessageBinding,
  checkMessageTimes,
  DomainMismatchError,
  detectMessageFamily,
  formatSiwsMessage,
  InvalidMessageError,
  parseSiweMessage,
  parseSiwsMessage,
} from '../src/index.js';
import { SIWS_ADDRESS, SIWS_MINIMAL_LINES, SIWS_NEGATIVE, SIWS_POSITIVE } from './siws-vectors.js';

function refusalOf(run: () => unknown): InvalidMessageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidMessageError);
    return error as InvalidMessageError;
  }
  throw new Error('expected a refusal, but it went through');
}

/** The Wallet Standard's reader leaves absent fields as undefined keys. */
function definedFields(fields: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

describe('Sign In With Solana positive vectors', () => {
  describe.each(Object.entries(SIWS_POSITIVE))('%s', (_name, { message, fields }) => {
    it('parses to its fields', () => {
      expect(parseSiwsMessage(message)).toStrictEqual(fields);
    });

    it('formats from its fields to its exact text', () => {
      expect(formatSiwsMessage(fields)).toBe(message);
    });

    it('is what the Wallet Standard writes for its fields', () => {
      expect(createSignInMessageText(fields)).toBe(message);
    });

    it('reads as the same fields with the Wallet Standard reader', () => {
      const theirs = parseSignInMessageText(message);
      expect(theirs).not.toBeNull();
      expect(definedFields(theirs ?? {})).toStrictEqual(fields);
    });

    it('is a Solana message by its first line', () => {
      expect(detectMessageFamily(message)).toBe('solana');
    });
  });
});

describe('Sign In With Solana negative vectors', () => {
  it.each(Object.entries(SIWS_NEGATIVE))('refuses %s', (_name, { message, reason }) => {
    const error = refusalOf(() => parseSiwsMessage(message));
    expect(error.code).toBe('INVALID_MESSAGE');
    expect(error.message).toMatch(/^Invalid Sign In With Solana message: /);
    expect(error.details.reason).toContain(reason);
  });
});

describe('mixed messages', () => {
  const ethereumHeader = 'example.com wants you to sign in with your Ethereum account:';

  it('the EIP-4361 parser refuses an Ethereum first line over a Solana address', () => {
    const text = [
      ethereumHeader,
      SIWS_ADDRESS,
      '',
      '',
      ...SIWS_MINIMAL_LINES.slice(3).map((line) =>
        line.startsWith('Chain ID') ? 'Chain ID: 1' : line,
      ),
    ].join('\n');
    expect(detectMessageFamily(text)).toBe('eip155');
    expect(refusalOf(() => parseSiweMessage(text)).details.reason).toBe(
      'address is not 0x followed by 40 hexadecimal digits',
    );
  });

  it('the EIP-4361 parser refuses a Solana cluster as its chain id', () => {
    const text = [
      ethereumHeader,
      '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      '',
      '',
      ...SIWS_MINIMAL_LINES.slice(3),
    ].join('\n');
    expect(refusalOf(() => parseSiweMessage(text)).details.reason).toContain('chain ID');
  });

  it('the Solana parser refuses every EIP-4361 message', () => {
    const text = [
      ethereumHeader,
      '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      '',
      '',
      'URI: https://example.com/login',
      'Version: 1',
      'Chain ID: 1',
      'Nonce: abcdef123456',
      'Issued At: 2024-05-01T12:00:00Z',
    ].join('\n');
    expect(parseSiweMessage(text).chainId).toBe(1);
    expect(refusalOf(() => parseSiwsMessage(text)).details.reason).toContain('Ethereum account');
  });
});

describe('the policy checks shared with EIP-4361', () => {
  const fields = parseSiwsMessage(SIWS_POSITIVE['every field']?.message ?? '');

  it('binds a Solana message to its domain and nonce', () => {
    expect(() =>
      checkMessageBinding(fields, { domains: ['example.com'], nonce: 'abcdef123456' }),
    ).not.toThrow();
    expect(() =>
      checkMessageBinding(fields, { domains: ['example.org'], nonce: 'abcdef123456' }),
    ).toThrow(DomainMismatchError);
  });

  it('checks its times', () => {
    expect(() => checkMessageTimes(fields, new Date('2024-05-01T14:05:00Z'), 0)).not.toThrow();
    expect(() => checkMessageTimes(fields, new Date('2024-05-01T14:11:00Z'), 0)).toThrow('expired');
  });
});
