import { expect, it } from 'vitest';
import { timeAndIdCursor } from './time-and-id-cursor.js';

const audit = timeAndIdCursor('audit', /[0-9a-f-]{36}/);
const accounts = timeAndIdCursor('account', /[A-Za-z0-9-]{1,64}/);
const id = '0190b5a8-7c1e-7000-8000-000000000001';

it('gives back the position it encoded', () => {
  expect(audit.decode(audit.encode({ at: 1_764_000_000_000, id }))).toEqual({
    at: 1_764_000_000_000,
    id,
  });
});

it("refuses another list's cursor, a malformed one and an oversized one as BAD_USER_INPUT", () => {
  const other = accounts.encode({ at: 1, id: 'abc' });
  for (const cursor of [other, 'not a cursor', '', 'x'.repeat(10_000)]) {
    expect(() => audit.decode(cursor)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
  }
});

it('refuses an id of the wrong shape', () => {
  const forged = Buffer.from(`audit:1:${"'; drop table x; --"}`).toString('base64url');
  expect(() => audit.decode(forged)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
});
