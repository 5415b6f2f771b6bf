/**
 * An init script that records, in the page's own clock (milliseconds since
 * navigation start), the first moment each milestone of a first visit holds:
 * timed where it happens, not by a remote poll that could only see it late.
 * Read them back with `page.evaluate(READ_MARKS)`.
 */
export type ReadinessMarks = {
  /** `[data-testid="rk-connect-button"]` visible, not hidden or faded by RainbowKit, and enabled. */
  connectButton?: number;
  /** RainbowKit's sign-in view offers "Sign message" (the nonce is in hand). */
  signInView?: number;
  /** The user (the bench) pressed "Sign message". */
  signClicked?: number;
  /** `[data-testid="auth-status"]` has `data-status="authenticated"`. */
  authenticated?: number;
  domContentLoaded?: number;
  load?: number;
};

const MARKS = '__sigilBenchMarks';

// Plain browser JavaScript as text. RainbowKit renders the ConnectButton
// before it is ready with opacity 0, pointer-events none and aria-hidden: that
// is not interactive yet, so all three are checked up the tree.
export const READINESS_MARKS_SCRIPT = `(() => {
  if (window.top !== window) return;
  const marks = (window.${MARKS} = {});
  const interactive = (element) => {
    if (element.disabled || element.closest('[aria-hidden="true"]')) return false;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(element);
    if (style.visibility !== 'visible' || style.pointerEvents === 'none') return false;
    for (let node = element; node instanceof Element; node = node.parentElement) {
      if (getComputedStyle(node).opacity === '0') return false;
    }
    return true;
  };
  const text = (selector) => document.querySelector(selector)?.textContent?.trim();
  const check = () => {
    const now = performance.now();
    if (marks.connectButton === undefined) {
      const button = document.querySelector('[data-testid="rk-connect-button"]');
      if (button && interactive(button)) marks.connectButton = now;
    }
    if (marks.signInView === undefined) {
      const button = document.querySelector('[data-testid="rk-auth-message-button"]');
      if (button && !button.disabled && text('[data-testid="rk-auth-message-button"]') === 'Sign message') {
        marks.signInView = now;
      }
    }
    if (marks.authenticated === undefined && document.querySelector('[data-testid="auth-status"]')?.getAttribute('data-status') === 'authenticated') {
      marks.authenticated = now;
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  // Style and layout can settle without a DOM mutation (stylesheets, transitions).
  const poll = () => { check(); if (marks.authenticated === undefined) requestAnimationFrame(poll); };
  requestAnimationFrame(poll);
  document.addEventListener('click', (event) => {
    if (marks.signClicked === undefined && event.target instanceof Element &&
        event.target.closest('[data-testid="rk-auth-message-button"]')) marks.signClicked = performance.now();
  }, true);
  document.addEventListener('DOMContentLoaded', () => { marks.domContentLoaded = performance.now(); });
  window.addEventListener('load', () => { marks.load = performance.now(); });
})();`;

export const READ_MARKS = `({ ...window.${MARKS} })`;

/**
 * For `page.waitForFunction(markRecorded, name)`: a function, not text, since
 * the app's Content-Security-Policy forbids evaluating strings in the page.
 */
export const markRecorded = (name: string): boolean =>
  (globalThis as unknown as Record<string, Record<string, number> | undefined>).__sigilBenchMarks?.[
    name
  ] !== undefined;
