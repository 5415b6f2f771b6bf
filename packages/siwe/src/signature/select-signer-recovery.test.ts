import { describe, expect, it } from 'vitest';
import { recoverWithJavaScript } from './recover-with-javascript.js';
import { selectSignerRecovery } from './select-signer-recovery.js';

// The WebAssembly path itself is proven against the JavaScript one where its
// library is installed: server/src/auth/signature/signer-recovery.test.ts.
describe('selectSignerRecovery', () => {
  it('falls back to JavaScript when the WebAssembly module does not load', async () => {
    const fallback = await selectSignerRecovery(() => Promise.reject(new Error('no wasm here')));
    expect(fallback).toMatchObject({ name: 'javascript', reason: 'Error: no wasm here' });
    expect(fallback.recover).toBe(recoverWithJavaScript);
  });

  it('falls back to JavaScript when the module loads but recovers wrong', async () => {
    const broken = { recover: () => new Uint8Array(65) };
    await expect(selectSignerRecovery(async () => broken)).resolves.toMatchObject({
      name: 'javascript',
    });
  });
});
