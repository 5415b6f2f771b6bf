import { useEffect, useState } from 'react';

/** After the page has settled: the check must not compete with the first paint. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 500);
  return () => clearTimeout(handle);
}

/**
 * Whether the browser offers passkeys in a field's autofill suggestions
 * (WebAuthn conditional mediation). Asked at idle of the browser itself
 * (`PublicKeyCredential.isConditionalMediationAvailable`), so nothing of
 * the WebAuthn chunk loads for a browser without it, nor before the page
 * is idle (docs/web-app.md, "Passkeys").
 */
export function usePasskeyAutofillAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let current = true;
    const cancel = whenIdle(() => {
      const check = window.PublicKeyCredential?.isConditionalMediationAvailable;
      if (typeof check !== 'function') return;
      check
        .call(window.PublicKeyCredential)
        .then((yes) => {
          if (current && yes) setAvailable(true);
        })
        .catch(() => {});
    });
    return () => {
      current = false;
      cancel();
    };
  }, []);
  return available;
}
