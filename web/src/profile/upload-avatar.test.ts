import { describe, expect, it } from 'vitest';
import { uploadAvatar } from './upload-avatar';

/** A fetch that keeps the request and answers with `answer`. */
function recordingFetch(answer: unknown) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetchImpl, requests };
}

describe('uploadAvatar', () => {
  it('sends a GraphQL multipart request with the CSRF header the server requires', async () => {
    const profile = { displayName: null, bio: null, public: false, avatar: null };
    const { fetchImpl, requests } = recordingFetch({ data: { setAvatar: profile } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', {
      type: 'image/png',
    });
    const result = await uploadAvatar({ file, fetch: fetchImpl });
    expect(result).toEqual({ ok: true, profile });
    const [request] = requests;
    expect(request?.url).toBe('/graphql');
    expect(new Headers(request?.init.headers).get('apollo-require-preflight')).toBe('true');
    const body = request?.init.body as FormData;
    // The spec's order: operations, then map, then the files.
    expect([...body.keys()]).toEqual(['operations', 'map', '0']);
    const operations = JSON.parse(String(body.get('operations')));
    expect(operations.variables).toEqual({ file: null });
    expect(operations.query).toMatch(/mutation SetAvatar\(\$file: File!\)/);
    expect(JSON.parse(String(body.get('map')))).toEqual({ 0: ['variables.file'] });
    expect((body.get('0') as File).name).toBe('me.png');
  });

  it("returns the server's refusal code and message", async () => {
    const { fetchImpl } = recordingFetch({
      data: null,
      errors: [{ message: 'SVG images are not accepted.', extensions: { code: 'BAD_USER_INPUT' } }],
    });
    const file = new File(['<svg/>'], 'x.png', { type: 'image/png' });
    expect(await uploadAvatar({ file, fetch: fetchImpl })).toEqual({
      ok: false,
      code: 'BAD_USER_INPUT',
      message: 'SVG images are not accepted.',
    });
  });
});
