// A Hardhat 2 network for tests and local development. The chain id comes
// from the environment so one node can stand in for any enabled chain.
/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  networks: {
    hardhat: {
      chainId: Number(process.env.SIGIL_HARDHAT_CHAIN_ID || 31337),
      // Deterministic accounts: the default Hardhat mnemonic, well known and test-only.
      mining: { auto: true },
    },
  },
  paths: {
    cache: '../../node_modules/.cache/hardhat',
    artifacts: '../../node_modules/.cache/hardhat-artifacts',
  },
};
