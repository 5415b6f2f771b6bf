import type { ChainNamespace as StoredNamespace } from '../accounts/account-tables.js';
import type { ChainNamespace } from './generated/schema-enums.js';

/** The schema's `ChainNamespace` of a stored namespace (`eip155` → `EIP155`, `solana` → `SOLANA`). */
export function chainNamespaceEnum(namespace: StoredNamespace): ChainNamespace {
  return namespace === 'solana' ? 'SOLANA' : 'EIP155';
}
