import { createSignatureVerifier } from './src/auth/signature/verify-signature.js';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
const a = privateKeyToAccount(generatePrivateKey());
const v = createSignatureVerifier({ chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:1' }] });
console.log(await v.verify({ address: a.address, message: 'm', signature: await a.signMessage({ message: 'm' }), chainId: 31337 }));
