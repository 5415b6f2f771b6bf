import type { SigilModule } from '../../sigil-module.js';
import { createSignatureVerifier, type SignatureVerifier } from './verify-signature.js';

declare module '../../services.js' {
  interface Services {
    verifier: SignatureVerifier;
  }
}

/**
 * The signature checks: an EOA's recovered in the worker pool, a contract
 * wallet's asked of its chain (docs/sign-in.md). Its own module, opened
 * first: everything that signs in uses it.
 */
export const signatureModule: SigilModule = {
  name: 'signature',
  async openServices({ services: { config, logger }, defer, chainTimeoutMs }) {
    const verifier = createSignatureVerifier({
      chains: config.chains.map(({ id, rpcUrl }) => ({ id, rpcUrl })),
      timeoutMs: chainTimeoutMs,
    });
    defer('signature verifier', () => verifier.close());
    const recovery = await verifier.recovery();
    // Once, at start: an operator should know when sign-ins run the slow path.
    if (recovery.name === 'webassembly') logger.info('signature recovery: WebAssembly secp256k1');
    else logger.warn({ reason: recovery.reason }, 'signature recovery: JavaScript (fallback)');
    return { verifier };
  },
  metrics: ({ verifier }) => ({ signaturePool: () => verifier.poolStats() }),
};
