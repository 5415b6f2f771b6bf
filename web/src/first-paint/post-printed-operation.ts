/** An operation printed at build time (schema/codegen/printed-operations.cjs). */
export type PrintedOperation = { readonly operationName: string; readonly query: string };

/**
 * One plain POST /graphql of a printed operation, before Apollo Client has
 * loaded; resolves with its `data`, and rejects when the request failed or the
 * answer has errors (the app, once loaded, asks again through Apollo and explains).
 */
export async function postPrintedOperation<Data>(
  operation: PrintedOperation,
  variables: Record<string, unknown> = {},
): Promise<Data> {
  const response = await fetch('/graphql', {
    method: 'POST',
    // The session cookie rides along: `me` answers for this browser's session.
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    },
    body: JSON.stringify({ ...operation, variables }),
  });
  if (!response.ok) {
    throw new Error(`${operation.operationName}: the server answered ${response.status}`);
  }
  const body = (await response.json()) as { data?: Data | null; errors?: unknown[] };
  if (!body.data || body.errors?.length) {
    throw new Error(`${operation.operationName}: the answer has errors`);
  }
  return body.data;
}
