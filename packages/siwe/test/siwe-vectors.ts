/**
 * The EIP-4361 conformance vectors of the reference library (spruceid/siwe),
 * kept beside this file in vectors/ (their README says where they come from),
 * and the helpers that read them: this package's conformance suite and the
 * server's, which runs them through signIn, read them from here.
 */
import { readFileSync } from 'node:fs';
import type { Hex } from 'viem';
import type { SiweMessage } from '../src/index.js';

const VECTORS_DIR = new URL('vectors/', import.meta.url);

export type VectorFile =
  | 'parsing_positive.json'
  | 'parsing_negative.json'
  | 'parsing_negative_objects.json'
  | 'verification_positive.json'
  | 'verification_negative.json'
  | 'eip1271.json';

export type VectorFields = Record<string, unknown>;
export type MessageVector = { message: string; fields: VectorFields };
export type SignedVector = VectorFields & {
  signature: Hex;
  /** The instant to check the times at; now when absent. */
  time?: string;
  /** The domain the verifier serves. */
  domainBinding?: string;
  /** The nonce the verifier issued. */
  matchNonce?: string;
};
export type ContractWalletVector = { message: string; signature: Hex };

/** A vector file's entries, as [name, vector] pairs in the file's order. */
export function readVectors<T>(file: VectorFile): [string, T][] {
  return Object.entries(JSON.parse(readFileSync(new URL(file, VECTORS_DIR), 'utf8')));
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
export function toSiweFields(vector: VectorFields): SiweMessage {
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
