/**
 * The EIP-4361 conformance vectors of the reference library (spruceid/siwe),
 * run offline against this package: every message parsed or refused, every
 * field set formatted or refused, and every signed vector checked as a
 * verifier would (binding, times, then the signature recovered locally). The
 * server runs the same signed vectors through signIn
 * (server/test/auth/siwe-vectors.test.ts); the contract-wallet vectors need
 * Ethereum mainnet, so here they are only parsed.
 */
import { isHex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  checkMessageBinding,
  checkMessageTimes,
  formatSiweMessage,
  InvalidMessageError,
  InvalidSignatureError,
  parseSiweMessage,
  recoverWithJavaScript,
  SigilError,
  type SigilErrorCode,
} from '../src/index.js';
import {
  type ContractWalletVector,
  type MessageVector,
  readVectors,
  type SignedVector,
  toSiweFields,
  type VectorFields,
} from './siwe-vectors.js';

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal, but it went through');
}

/**
 * A signed vector checked as EIP-4361 asks a verifier to: its fields make a
 * message; it is for the domain the verifier serves (the vector's
 * domainBinding, else its own) and the nonce it issued (matchNonce, else its
 * own); it is valid at the vector's time (else now), with no clock skew; and
 * its signature is hex bytes that recover to its address. Answers `ok` or the
 * code of the first refusal.
 */
async function verifyOffline(vector: SignedVector): Promise<'ok' | SigilErrorCode> {
  try {
    const message = formatSiweMessage(toSiweFields(vector));
    const fields = parseSiweMessage(message);
    checkMessageBinding(fields, {
      domains: [vector.domainBinding ?? fields.domain],
      nonce: vector.matchNonce ?? fields.nonce,
    });
    checkMessageTimes(fields, vector.time ? new Date(vector.time) : new Date(), 0);
    // An odd number of hex digits is not bytes: viem would read its last nibble as v.
    const isBytes = isHex(vector.signature, { strict: true }) && vector.signature.length % 2 === 0;
    const signer = isBytes ? await recoverWithJavaScript(message, vector.signature) : null;
    if (signer !== fields.address) throw new InvalidSignatureError();
    return 'ok';
  } catch (error) {
    if (error instanceof SigilError) return error.code;
    throw error;
  }
}

/** What each signed vector is refused for (its name says it), or `ok`. */
const OUTCOMES: Record<
  'verification_positive.json' | 'verification_negative.json',
  Record<string, 'ok' | SigilErrorCode>
> = {
  'verification_positive.json': {
    'example message': 'ok',
    'not yet valid': 'ok',
    'expired message': 'ok',
    'recovery byte starting at 0': 'ok',
  },
  'verification_negative.json': {
    'expired message': 'MESSAGE_EXPIRED',
    'domain binding': 'DOMAIN_MISMATCH',
    'custom time': 'MESSAGE_EXPIRED',
    'custom nonce': 'INVALID_NONCE',
    'malformed signature': 'INVALID_SIGNATURE',
    'wrong signature': 'INVALID_SIGNATURE',
    'not yet valid': 'MESSAGE_NOT_YET_VALID',
    'invalid issuedAt': 'INVALID_MESSAGE',
    'invalid notBefore': 'INVALID_MESSAGE',
    'invalid expirationTime': 'INVALID_MESSAGE',
  },
};

describe('parsing_positive.json', () => {
  const vectors = readVectors<MessageVector>('parsing_positive.json');

  it.each(vectors)('parses "%s" to exactly its fields', (_, { message, fields }) => {
    expect(parseSiweMessage(message)).toStrictEqual(toSiweFields(fields));
  });

  it.each(vectors)(
    'formats the fields of "%s" back to its exact text',
    (_, { message, fields }) => {
      expect(formatSiweMessage(toSiweFields(fields))).toBe(message);
    },
  );
});

describe('parsing_negative.json', () => {
  it.each(readVectors<string>('parsing_negative.json'))('refuses "%s"', (_, message) => {
    expect(refusal(() => parseSiweMessage(message))).toBeInstanceOf(InvalidMessageError);
  });
});

describe('parsing_negative_objects.json', () => {
  it.each(readVectors<VectorFields>('parsing_negative_objects.json'))(
    'refuses to format "%s"',
    (_, fields) => {
      expect(refusal(() => formatSiweMessage(toSiweFields(fields)))).toBeInstanceOf(
        InvalidMessageError,
      );
    },
  );
});

describe.each(['verification_positive.json', 'verification_negative.json'] as const)(
  '%s, verified offline',
  (file) => {
    const vectors = readVectors<SignedVector>(file);

    it('has an expected outcome for every vector', () => {
      expect(vectors.map(([name]) => name).sort()).toStrictEqual(
        Object.keys(OUTCOMES[file]).sort(),
      );
    });

    it.each(vectors)('answers "%s" as its name says', async (name, vector) => {
      expect(await verifyOffline(vector)).toBe(OUTCOMES[file][name]);
    });
  },
);

describe('eip1271.json', () => {
  it.each(readVectors<ContractWalletVector>('eip1271.json'))(
    'parses the "%s" message and formats it back (its signature needs Ethereum mainnet)',
    (_, { message }) => {
      expect(formatSiweMessage(parseSiweMessage(message))).toBe(message);
    },
  );
});
