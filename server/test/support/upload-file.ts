import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';
import type { GraphQLClient, GraphQLResponse } from '../../../testing/graphql-client.js';

export type UploadOptions = {
  /** The file's name and declared type: the server must judge by content alone. */
  name?: string;
  type?: string;
  /** Extra headers; the CSRF header is sent unless `csrfHeader: false`. */
  headers?: Record<string, string>;
  csrfHeader?: boolean;
  /** The Origin header: the client's server origin unless given; null sends none. */
  origin?: string | null;
};

/**
 * A GraphQL multipart request (graphql-multipart-request-spec) as Apollo's
 * upload link sends it: `operations`, `map`, then the file, with the
 * client's cookie and Origin and the CSRF header multipart needs.
 */
export async function uploadFile<T>(
  client: GraphQLClient,
  /** A typed document, or a string for a query malformed on purpose. */
  document: TypedDocumentNode<T, { file: unknown }> | string,
  bytes: Uint8Array,
  options: UploadOptions = {},
): Promise<GraphQLResponse<T> & { text: string }> {
  const query = typeof document === 'string' ? document : print(document);
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: { file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append(
    '0',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.name ?? 'avatar.png',
  );
  const response = await fetch(`${client.server.url}/graphql`, {
    method: 'POST',
    headers: {
      ...(options.origin !== null && { origin: options.origin ?? client.server.origin }),
      ...(client.cookie && { cookie: client.cookie }),
      ...(options.csrfHeader !== false && { 'x-graphql-yoga-csrf': '1' }),
      ...options.headers,
    },
    body: form,
  });
  const text = await response.text();
  let body: Omit<GraphQLResponse<T>, 'status' | 'headers'> = {};
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, headers: response.headers, text, ...body };
}
