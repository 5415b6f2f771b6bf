/**
 * Who a sign-in message says signed it, and on which chain, in the terms of
 * both families: what the rest of a sign-in or link needs of the message
 * once its family's parser has read it.
 */
export type MessageSigner =
  | {
      namespace: 'eip155';
      /** EIP-55 checksummed. */
      address: string;
      /** The EVM chain id the message names. */
      chainId: number;
      /** `eip155:<chainId>`. */
      chain: string;
    }
  | {
      namespace: 'solana';
      /** Base58, exactly as written: it is case-sensitive. */
      address: string;
      /** A Solana message names no EVM chain. */
      chainId: null;
      /** The cluster's CAIP-2 id, e.g. `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`. */
      chain: string;
    };
