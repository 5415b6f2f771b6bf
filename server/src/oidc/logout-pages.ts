import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * The provider's own pages for RP-initiated logout, in Sigil's words and
 * self-contained: oidc-provider's defaults load a web font from an outside
 * host, which Sigil's pages never do.
 */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1b1b2f}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem;border-radius:.5rem;border:1px solid #4338ca;background:#4338ca;color:#fff;cursor:pointer}
button[value="no"]{background:#fff;color:#4338ca}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;

export async function logoutSource(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  const client = ctx.oidc.client?.clientName;
  ctx.type = 'html';
  ctx.body = page(
    'Sign out',
    `<p>${client ? `${escapeHtml(client)} asks to sign you out` : 'Sign out'} of apps that use your Sigil account?</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
<button type="submit" form="op.logoutForm" value="no">Stay signed in</button>`,
  );
}

export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<p>You are signed out of the app. You can close this page.</p>');
}
