/**
 * The EIP-4361 conformance suite: the public test vectors of the reference
 * library (spruceid/siwe), read from ../shared/siwe-vectors beside the
 * checkout and never copied into the project. Everything runs offline:
 * signatures are recovered locally, and the two contract-wallet vectors,
 * which need Ethereum mainnet, are only parsed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Hex, recoverMessageAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { checkMessageBinding } from '../src/auth/siwe/check-message-binding.js';
import { checkMessageTimes } from '../src/auth/siwe/check-message-times.js';
import { parseSiweMessage } from '../src/auth/siwe/parse-siwe-message.js';
import type { SiweMessage } from '../src/auth/siwe/siwe-message.js';
import {
  DomainMismatchError,
  type ErrorCode,
  InvalidMessageError,
  InvalidNonceError,
  InvalidSignatureError,
  MessageExpiredError,
  MessageNotYetValidError,
  type SigilError,
} from '../src/errors.js';
import { formatSiweMessage } from './support/format-siwe-message.js';

const VECTORS_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../shared/siwe-vectors',
);
const vectorsPresent = existsSync(VECTORS_DIR);

type VectorFields = Record<string, unknown>;
type MessageVector = { message: string; fields: VectorFields };
type SignedVector = VectorFields & {
  signature: Hex;
  /** The instant to check the times at; now when absent. */
  time?: string;
  /** The domain the verifier serves. */
  domainBinding?: string;
  /** The nonce the verifier issued. */
  matchNonce?: string;
};
type ContractWalletVector = { message: string; signature: Hex };

function readVectors<T>(file: string): [string, T][] {
  if (!vectorsPresent) return [];
  return Object.entries(JSON.parse(readFileSync(join(VECTORS_DIR, file), 'utf8')));
}

/** Vector field names, including other SIWE libraries' spellings, to SiweMessage's. */
const FIELD_NAMES: Record<string, keyof SiweMessage> = {
  scheme: 'scheme',
  domain: 'domain',
  address: 'address',
  statement: 'statement',
  uri: 'uri',
  version: 'version',
  chainId: 'chainId',
  chain_id: 'chainId',
  nonce: 'nonce',
  issuedAt: 'issuedAt',
  issued_at: 'issuedAt',
  expirationTime: 'expirationTime',
  expiration_time: 'expirationTime',
  notBefore: 'notBefore',
  not_before: 'notBefore',
  requestId: 'requestId',
  request_id: 'requestId',
  resources: 'resources',
};

/** The verifier's inputs that sit beside the fields in verification vectors. */
const VERIFIER_KEYS = new Set(['signature', 'time', 'domainBinding', 'matchNonce']);

/**
 * A vector's fields under SiweMessage's names. A JSON null means the field is
 * absent; a field with no counterpart fails loudly rather than being dropped.
 */
function toSiweFields(vector: VectorFields): SiweMessage {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(vector)) {
    if (VERIFIER_KEYS.has(key)) continue;
    const name = FIELD_NAMES[key];
    if (name === undefined) throw new Error(`vector field "${key}" has no SiweMessage counterpart`);
    if (value !== null) fields[name] = value;
  }
  // Deliberately unchecked: negative vectors hold fields no SiweMessage may have.
  return fields as SiweMessage;
}

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal, but it went through');
}

async function caughtAsync(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal, but it went through');
}

/**
 * The EOA check of DESIGN §4 step 5, in-process: recover the signer from the
 * signature alone (no network) and compare it with the message's address.
 */
async function checkSignatureLocally(text: string, signature: Hex, address: string) {
  let recovered: string;
  try {
    recovered = await recoverMessageAddress({ message: text, signature });
  } catch (cause) {
    throw new InvalidSignatureError(undefined, { cause });
  }
  if (recovered !== address) throw new InvalidSignatureError(undefined, { details: { recovered } });
  return recovered;
}

/**
 * Every local step of a sign-in, in the server's order: the message, its
 * binding to this verifier's domain and nonce, its times, its signature.
 */
async function signInLocally(vector: SignedVector) {
  const text = formatSiweMessage(toSiweFields(vector));
  const message = parseSiweMessage(text);
  checkMessageBinding(message, {
    domains: [vector.domainBinding ?? message.domain],
    nonce: vector.matchNonce ?? message.nonce,
  });
  checkMessageTimes(message, vector.time === undefined ? new Date() : new Date(vector.time));
  const signer = await checkSignatureLocally(text, vector.signature, message.address);
  return { message, signer };
}

const ERROR_CLASSES: Partial<Record<ErrorCode, abstract new (...args: never[]) => SigilError>> = {
  INVALID_MESSAGE: InvalidMessageError,
  DOMAIN_MISMATCH: DomainMismatchError,
  INVALID_NONCE: InvalidNonceError,
  MESSAGE_EXPIRED: MessageExpiredError,
  MESSAGE_NOT_YET_VALID: MessageNotYetValidError,
  INVALID_SIGNATURE: InvalidSignatureError,
};

function expectRefusal(error: unknown, code: ErrorCode, message?: RegExp): void {
  const errorClass = ERROR_CLASSES[code];
  if (errorClass === undefined) throw new Error(`no error class for ${code}`);
  expect(error).toBeInstanceOf(errorClass);
  expect(error).toHaveProperty('code', code);
  if (message !== undefined) expect((error as Error).message).toMatch(message);
}

/** Why each verification_negative vector must be refused, read from its name. */
const VERIFICATION_REFUSALS: Record<
  string,
  { code: ErrorCode; message?: RegExp; signature?: 'unrecoverable' | 'another signer' }
> = {
  'expired message': { code: 'MESSAGE_EXPIRED' },
  'domain binding': { code: 'DOMAIN_MISMATCH' },
  'custom time': { code: 'MESSAGE_EXPIRED' },
  'custom nonce': { code: 'INVALID_NONCE' },
  'malformed signature': { code: 'INVALID_SIGNATURE', signature: 'unrecoverable' },
  'wrong signature': { code: 'INVALID_SIGNATURE', signature: 'another signer' },
  'not yet valid': { code: 'MESSAGE_NOT_YET_VALID' },
  'invalid issuedAt': { code: 'INVALID_MESSAGE', message: /issued-at time is not a valid/ },
  'invalid notBefore': { code: 'INVALID_MESSAGE', message: /not-before time is not a valid/ },
  'invalid expirationTime': { code: 'INVALID_MESSAGE', message: /expiration time is not a valid/ },
};

if (!vectorsPresent) {
  const notice = `SIWE conformance vectors not found at ${VECTORS_DIR}`;
  if (process.env.CI) {
    it('finds the SIWE conformance vectors', () => {
      expect.fail(`${notice}; CI must run the conformance suite`);
    });
  } else {
    console.warn(`${notice}: skipping the conformance suite.`);
    it.skip(`${notice}: skipped`, () => {});
  }
} else {
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
    it.each(readVectors<string>('parsing_negative.json'))('rejects "%s"', (_, message) => {
      expectRefusal(
        caught(() => parseSiweMessage(message)),
        'INVALID_MESSAGE',
      );
    });
  });

  describe('parsing_negative_objects.json', () => {
    it.each(readVectors<VectorFields>('parsing_negative_objects.json'))(
      'refuses to format "%s"',
      (_, fields) => {
        expectRefusal(
          caught(() => formatSiweMessage(toSiweFields(fields))),
          'INVALID_MESSAGE',
        );
      },
    );
  });

  describe('verification_positive.json', () => {
    it.each(readVectors<SignedVector>('verification_positive.json'))(
      'verifies "%s" offline: its text recovers its address and its times hold',
      async (_, vector) => {
        const { message, signer } = await signInLocally(vector);
        expect(signer).toBe(vector.address);
        expect(message).toStrictEqual(toSiweFields(vector));
      },
    );
  });

  describe('verification_negative.json', () => {
    const vectors = readVectors<SignedVector>('verification_negative.json');

    it('has an expected refusal for every vector', () => {
      expect(vectors.map(([name]) => name).sort()).toStrictEqual(
        Object.keys(VERIFICATION_REFUSALS).sort(),
      );
    });

    it.each(vectors)('refuses "%s" for the reason its name gives', async (name, vector) => {
      const refusal = VERIFICATION_REFUSALS[name];
      if (refusal === undefined) throw new Error(`no expected refusal for "${name}"`);
      const error = await caughtAsync(() => signInLocally(vector));
      expectRefusal(error, refusal.code, refusal.message);
      if (refusal.signature === 'unrecoverable') {
        expect((error as Error).cause).toBeInstanceOf(Error);
      }
      if (refusal.signature === 'another signer') {
        expect((error as SigilError).details.recovered).toMatch(/^0x[0-9a-fA-F]{40}$/);
        expect((error as SigilError).details.recovered).not.toBe(vector.address);
      }
    });
  });

  describe('eip1271.json', () => {
    it.each(readVectors<ContractWalletVector>('eip1271.json'))(
      'parses the "%s" message (its EIP-1271 signature needs Ethereum mainnet, so it is not verified offline)',
      (_, { message }) => {
        const parsed = parseSiweMessage(message);
        expect(formatSiweMessage(parsed)).toBe(message);
      },
    );
  });
}
