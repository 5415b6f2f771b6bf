/**
 * The rules of a Sign In With Solana message's fields, shared by the parser
 * and the formatter. Phantom's grammar for it is EIP-4361's with a Solana
 * address and chain id, so every other field is checked by the EIP-4361 rule
 * itself, its error re-worded for this family.
 */
import { InvalidMessageError } from '../errors/siwe.js';
import { isSolanaAddress } from '../solana/is-solana-address.js';
import { invalidSiwsMessage } from './invalid-siws-message.js';
import {
  assertDateTime,
  assertDomain,
  assertNonce,
  assertRequestId,
  assertStatement,
  assertUri,
  assertVersion,
} from './siwe-field-validators.js';

const CLUSTER_NAMES: readonly string[] = ['mainnet', 'devnet', 'testnet', 'localnet'];
const SOLANA_NAMESPACE = 'solana:';
/** CAIP-2's Solana reference: the first 32 base58 characters of the genesis hash. */
const GENESIS_REFERENCE_LENGTH = 32;
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function assertString(value: unknown, field: string): asserts value is string {
  if (value === undefined || value === null) throw invalidSiwsMessage(`${field} is missing`);
  if (typeof value !== 'string') throw invalidSiwsMessage(`${field} must be a string`);
}

/** Runs an EIP-4361 rule, its refusal re-issued as a Sign In With Solana one. */
function asSiws(check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof InvalidMessageError && typeof error.details.reason === 'string') {
      throw invalidSiwsMessage(error.details.reason);
    }
    throw error;
  }
}

/** message-address: base58 of a 32-byte Ed25519 public key. */
export function assertSiwsAddress(value: unknown): asserts value is string {
  assertString(value, 'address');
  if (value.startsWith('0x')) {
    throw invalidSiwsMessage('address is an Ethereum address; a Solana message needs a base58 key');
  }
  if (!isSolanaAddress(value)) {
    throw invalidSiwsMessage('address is not the base58 text of a 32-byte key');
  }
}

function isGenesisReference(reference: string): boolean {
  if (reference.length !== GENESIS_REFERENCE_LENGTH) return false;
  for (const character of reference) if (!BASE58_ALPHABET.includes(character)) return false;
  return true;
}

/**
 * message-chain-id: a cluster name, as Phantom's grammar has it, or its
 * `solana:` form, either the Wallet Standard's chain (`solana:devnet`) or
 * the CAIP-2 id with the genesis hash reference. Which clusters are enabled
 * is the sign-in policy's question, not the grammar's.
 */
export function assertSiwsChainId(value: unknown): asserts value is string {
  assertString(value, 'chain ID');
  if (CLUSTER_NAMES.includes(value)) return;
  if (value.startsWith(SOLANA_NAMESPACE)) {
    const reference = value.slice(SOLANA_NAMESPACE.length);
    if (CLUSTER_NAMES.includes(reference) || isGenesisReference(reference)) return;
    throw invalidSiwsMessage(
      'chain ID "solana:" is not followed by a cluster name or a 32-character genesis reference',
    );
  }
  if (value.startsWith('eip155:') || /^[0-9]+$/.test(value)) {
    throw invalidSiwsMessage('chain ID names an EIP-155 chain; a Solana message names a cluster');
  }
  throw invalidSiwsMessage('chain ID must be mainnet, devnet, testnet, localnet or its solana: id');
}

/** message-domain: an authority; unlike EIP-4361, the Solana form has no scheme before it. */
export function assertSiwsDomain(value: unknown): asserts value is string {
  if (typeof value === 'string' && value.includes('://')) {
    throw invalidSiwsMessage('domain must not start with a scheme in a Solana message');
  }
  asSiws(() => assertDomain(value));
}

export function assertSiwsStatement(value: unknown): asserts value is string {
  asSiws(() => assertStatement(value));
}

export function assertSiwsUri(value: unknown, field = 'URI'): asserts value is string {
  asSiws(() => assertUri(value, field));
}

export function assertSiwsVersion(value: unknown): asserts value is '1' {
  asSiws(() => assertVersion(value));
}

export function assertSiwsNonce(value: unknown): asserts value is string {
  asSiws(() => assertNonce(value));
}

export function assertSiwsDateTime(value: unknown, field: string): asserts value is string {
  asSiws(() => assertDateTime(value, field));
}

/**
 * request-id as EIP-4361, but never empty: the Wallet Standard's writer leaves
 * out an empty field, so an empty one is not the form wallets write.
 */
export function assertSiwsRequestId(value: unknown): asserts value is string {
  if (value === '') throw invalidSiwsMessage('request ID is empty (omit it instead)');
  asSiws(() => assertRequestId(value));
}
