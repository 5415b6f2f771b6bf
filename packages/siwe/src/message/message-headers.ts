/**
 * The first line of a sign-in message ends with one of these; what stands
 * before it is the domain (EIP-4361 also allows a scheme there). The first
 * line alone says which family, and so which parser, a message belongs to.
 */
export const ETHEREUM_HEADER_SUFFIX = ' wants you to sign in with your Ethereum account:';
export const SOLANA_HEADER_SUFFIX = ' wants you to sign in with your Solana account:';
