/**
 * The provider's interaction endpoints (server: src/oidc/interaction-routes.ts).
 * Plain JSON over fetch, not GraphQL: they belong to oidc-provider's
 * interaction, bound to this browser by its interaction cookie. Same-origin
 * requests carry the cookies and the Origin header the server checks.
 */
import type { InteractionDetails } from '@sigil/schema/interaction-details';

export type { InteractionDetails };

export class InteractionRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
    this.name = 'InteractionRequestError';
  }
}

async function readJson<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as Record<string, string>;
  if (!response.ok) {
    throw new InteractionRequestError(
      response.status,
      body.error ?? 'server_error',
      body.error_description ?? 'The request failed.',
    );
  }
  return body as T;
}

const base = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}`;

export async function fetchInteractionDetails(uid: string): Promise<InteractionDetails> {
  return readJson(await fetch(`${base(uid)}/details`, { credentials: 'same-origin' }));
}

/** Allow (`confirm`) or Deny (`abort`): answers where the browser goes next. */
export async function answerInteraction(
  uid: string,
  answer: 'confirm' | 'abort',
): Promise<{ redirectTo: string }> {
  return readJson(
    await fetch(`${base(uid)}/${answer}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }),
  );
}
