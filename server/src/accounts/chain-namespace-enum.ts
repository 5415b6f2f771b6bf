import type { ChainNamespace } from '../graphql/generated/schema-enums.js';
import type { ChainNamespace as StoredNamespace } from './account-tables.js';

/** The schema's `ChainNamespace` of a stored namespace (`eip155` → `EIP155`, `solana` → `SOLANA`). */
export function chainNamespaceEnum(namespace: StoredNamespace): ChainNamespace {
  return namespace === 'solana' ? 'SOLANA' : 'EIP155';
}
