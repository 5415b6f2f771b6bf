import { msg } from '@lingui/core/macro';

/**
 * What index.html shows until the entry has loaded. The build writes each
 * locale's words into the startup script (build/locale-boot-plugin.ts), which
 * puts them in place before the first paint.
 */
export const LOADING_TEXT = msg`Loading Sigil…`;
