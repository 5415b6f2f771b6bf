import { print } from 'graphql';
import { SetAvatarDocument, type SetAvatarMutation } from '../graphql/generated/graphql';

export type UploadAvatarParameters = {
  file: File;
  /** @default '/graphql' */
  url?: string;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
};

/** The server's answer to an upload: the new profile, or its refusal's code and message. */
export type UploadAvatarResult =
  | { ok: true; profile: SetAvatarMutation['setAvatar'] }
  | { ok: false; code: string | null; message: string | null };

/**
 * Sends `setAvatar` as a GraphQL multipart request (graphql-multipart-request-spec):
 * `operations`, a `map` that puts file "0" at `variables.file`, then the file.
 *
 * One focused request instead of apollo-upload-client: its releases that accept Apollo
 * Client 3 replace the whole HTTP link (and with it the RetryLink's place in the chain)
 * for the sake of this one mutation. `apollo-require-preflight` is the non-simple header
 * the server's CSRF rule (create-yoga.ts) wants: a cross-site form cannot send it.
 */
export async function uploadAvatar({
  file,
  url = '/graphql',
  fetch: fetchImpl = globalThis.fetch,
}: UploadAvatarParameters): Promise<UploadAvatarResult> {
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({
      operationName: 'SetAvatar',
      query: print(SetAvatarDocument),
      variables: { file: null },
    }),
  );
  body.append('map', JSON.stringify({ 0: ['variables.file'] }));
  body.append('0', file, file.name);
  const response = await fetchImpl(url, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: {
      'apollo-require-preflight': 'true',
      accept: 'application/graphql-response+json, application/json',
    },
  });
  let payload: {
    data?: SetAvatarMutation | null;
    errors?: { message?: string; extensions?: { code?: string } }[];
  } | null = null;
  try {
    payload = await response.json();
  } catch {
    // A proxy's HTML error page, or a body cut short: no refusal to read.
  }
  const error = payload?.errors?.[0];
  if (payload?.data?.setAvatar && !error) return { ok: true, profile: payload.data.setAvatar };
  return {
    ok: false,
    code: error?.extensions?.code ?? null,
    message: error?.message ?? null,
  };
}
