import { describeUserAgent } from '../../components/describe-user-agent';

/**
 * The name the add form starts with: where the passkey is made ("Chrome on
 * Linux"), the way sessions are named, so the person recognises it in both
 * lists. The authenticator's own name (from its AAGUID) is the server's to
 * know and is shown beside it; an emptied field lets the server use that.
 */
export function suggestPasskeyName(): string {
  return describeUserAgent(typeof navigator === 'undefined' ? null : navigator.userAgent).slice(
    0,
    64,
  );
}
