import { useEffect, useState } from 'react';
import { whenIdle } from '../app/when-idle';

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
    // After the page has settled: the check must not compete with the first paint.
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
