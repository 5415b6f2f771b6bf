import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { findUnstorableArgument } from './use-storable-strings.js';

describe('findUnstorableArgument', () => {
  it('names the argument and the place inside it, in a literal or a variable', () => {
    expect(findUnstorableArgument(parse('{ a(input: { list: ["ok", "x\\u0000"] }) }'), {})).toEqual(
      { argument: 'input.list[1]', what: 'a NUL character (U+0000)' },
    );
    expect(
      findUnstorableArgument(parse('query ($v: In) { a(input: $v) }'), {
        v: { nested: { bio: 'x\uDC00' } },
      }),
    ).toEqual({ argument: 'input.nested.bio', what: 'an unpaired UTF-16 surrogate' });
  });

  it("reads a variable's default when the request leaves it out", () => {
    const document = parse('query ($v: String = "x\\u0000") { a(s: $v) }');
    expect(findUnstorableArgument(document, {})?.argument).toBe('s');
    expect(findUnstorableArgument(document, { v: 'fine' })).toBeUndefined();
  });

  it('checks directive arguments and fragments too, and leaves a pair of surrogates alone', () => {
    expect(
      findUnstorableArgument(parse('{ ...F } fragment F on Q { a @d(s: "\\u0000") }'), {}),
    ).toMatchObject({ argument: 's' });
    expect(findUnstorableArgument(parse('{ a(s: "😀") }'), {})).toBeUndefined();
  });

  it('walks a variable nested far deeper than the stack would allow', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableArgument(parse('query ($v: L) { a(l: $v) }'), { v: deep })).toMatchObject({
      what: 'a NUL character (U+0000)',
    });
  });

  it('never walks an uploaded file', () => {
    const file = new File(['\u0000'], 'a.png');
    expect(
      findUnstorableArgument(parse('query ($f: File) { a(f: $f) }'), { f: file }),
    ).toBeUndefined();
  });
});
