/**
 * The chains Sigil knows how to name. `CHAINS` picks from these; each one's
 * endpoint comes from `RPC_URL_<id>`, falling back to the public one here.
 */
export type KnownChain = {
  name: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  defaultRpcUrl: string;
  testnet: boolean;
};

export const knownChains: Record<number, KnownChain> = {
  1: {
    name: 'Ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    defaultRpcUrl: 'https://eth.merkle.io',
    testnet: false,
  },
  8453: {
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    defaultRpcUrl: 'https://mainnet.base.org',
    testnet: false,
  },
  137: {
    name: 'Polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    defaultRpcUrl: 'https://polygon-rpc.com',
    testnet: false,
  },
  11155111: {
    name: 'Sepolia',
    nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
    defaultRpcUrl: 'https://sepolia.drpc.org',
    testnet: true,
  },
  31337: {
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    defaultRpcUrl: 'http://127.0.0.1:8545',
    testnet: true,
  },
};
