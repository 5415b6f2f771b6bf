/**
 * What the global setup hands every e2e test (through Vitest's provide/inject):
 * where the server and the Hardhat nodes listen.
 */
export type E2eChain = { id: number; rpcUrl: string; port: number };

export type E2eEnvironment = {
  /** The server's public URL (`http://localhost:<port>`), the origin pages open. */
  appUrl: string;
  appPort: number;
  /** The chains the server enables, the primary (31337) first, then 11155111. */
  chains: E2eChain[];
  /** A real Hardhat node the server does not enable: the "wrong network". */
  strayChain: E2eChain;
};

declare module 'vitest' {
  export interface ProvidedContext {
    sigil: E2eEnvironment;
  }
}
