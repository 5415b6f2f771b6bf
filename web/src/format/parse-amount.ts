import { parseUnits } from 'viem';

/**
 * What an amount typed by a person reads as: its value in the currency's smallest
 * unit, or why it reads as none (each a message of its own where it is shown).
 */
export type AmountReading =
  | { ok: true; value: bigint }
  /** Nothing typed yet. */
  | { ok: false; problem: 'empty' }
  /** Not a number in the locale's writing, or not more than zero. */
  | { ok: false; problem: 'not-a-number' }
  /** More digits after the separator than the currency has decimals. */
  | { ok: false; problem: 'too-many-decimals' }
  /** "1.234" in a locale whose thousands separator is ".": a thousand or one? */
  | { ok: false; problem: 'ambiguous'; readings: { decimal: bigint; whole: bigint } };

/** How a locale writes a number, as `Intl` writes it (so as the formatter shows it). */
type NumberSymbols = {
  decimal: string;
  group: string;
  /** Digits of the last group before the separator (3) and of the others (3, or 2 in hi-IN). */
  primaryGroup: number;
  secondaryGroup: number;
  /** The locale's digits 0 to 9 ("٠" … "٩" in Arabic-Indic); Latin digits are read too. */
  digits: string[];
};

// Spaces a person or Intl may put between groups: space, no-break space, narrow no-break space.
const SPACES = new Set([' ', '\u00a0', '\u202f', '\u2009']);
// Direction marks Intl may write around numbers in right-to-left scripts; they carry no value.
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

function numberSymbols(locale: string): NumberSymbols {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  const integers = parts.filter((part) => part.type === 'integer').map((part) => part.value);
  const plain = new Intl.NumberFormat(locale, { useGrouping: false });
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    primaryGroup: integers.at(-1)?.length ?? 3,
    secondaryGroup: integers.length > 2 ? (integers.at(-2)?.length ?? 3) : 3,
    digits: Array.from({ length: 10 }, (_, digit) => plain.format(digit)),
  };
}

/** Each separator typed, as the parser understands it. */
type Token = 'digit' | 'decimal' | 'group' | 'dot';

/**
 * Whether `integer`, split at its separators, is grouped as the locale groups:
 * "1,234,567" and "12,34,567" (hi-IN), never "1,23" or "01,234".
 */
function groupedRightly(groups: string[], symbols: NumberSymbols): boolean {
  if (groups.length === 1) return true;
  const [first = '', ...rest] = groups;
  const last = rest.pop() ?? '';
  return (
    first.length >= 1 &&
    first.length <= symbols.secondaryGroup &&
    !first.startsWith('0') &&
    rest.every((group) => group.length === symbols.secondaryGroup) &&
    last.length === symbols.primaryGroup
  );
}

/**
 * A reader of decimal amounts as a person types them in `locale` (docs/web-app.md,
 * "Dates, times and numbers"): the locale's decimal separator and thousands separator
 * as `Intl.NumberFormat(locale)` writes them, its own digits as well as Latin ones, and
 * "." as the decimal separator too where the locale does not use "." otherwise. What
 * could be read two ways ("1.234" in German) or is malformed is refused, never guessed.
 * The value is exact: the digits go to viem's `parseUnits` as a string, no float between.
 */
export function createAmountParser(locale: string) {
  // Asked of Intl at the first amount typed, not when the form renders: a first NumberFormat
  // of a locale loads its data, a long task on a phone (docs/web-app.md, "Where the main
  // thread's time goes"), and most visitors of a profile never type an amount.
  let known: { symbols: NumberSymbols; groupIsSpace: boolean } | undefined;
  const lookUp = () => {
    if (!known) {
      const found = numberSymbols(locale);
      known = { symbols: found, groupIsSpace: SPACES.has(found.group) };
    }
    return known;
  };

  const classify = (char: string): Token | null => {
    const { symbols, groupIsSpace } = lookUp();
    if (/^[0-9]$/.test(char)) return 'digit';
    if (char === symbols.decimal) return 'decimal';
    // "." is weighed below, where the locale's use of it is known.
    if (char === '.') return 'dot';
    if (char === symbols.group || (groupIsSpace && SPACES.has(char))) return 'group';
    return null;
  };

  const toLatin = (char: string) => {
    const { symbols } = lookUp();
    const digit = symbols.digits.indexOf(char);
    return digit >= 0 ? String(digit) : char;
  };

  /** Integer and fraction digits to base units; null when they say no amount. */
  const exact = (integer: string, fraction: string, decimals: number): AmountReading => {
    if (integer === '' && fraction === '') return { ok: false, problem: 'not-a-number' };
    if (fraction.length > decimals) return { ok: false, problem: 'too-many-decimals' };
    const value = parseUnits(`${integer || '0'}.${fraction || '0'}`, decimals);
    return value > 0n ? { ok: true, value } : { ok: false, problem: 'not-a-number' };
  };

  /** `tokens` with "decimal" at most once: the integer part's groups checked, then exact. */
  const read = (chars: string[], tokens: Token[], decimals: number): AmountReading => {
    const point = tokens.indexOf('decimal');
    const integerEnd = point === -1 ? chars.length : point;
    if (tokens.slice(integerEnd + 1).some((token) => token !== 'digit')) {
      return { ok: false, problem: 'not-a-number' };
    }
    // The integer part, split where a thousands separator was typed.
    const groups = chars
      .slice(0, integerEnd)
      .map((char, index) => (tokens[index] === 'group' ? '|' : char))
      .join('')
      .split('|');
    if (!groupedRightly(groups, lookUp().symbols)) return { ok: false, problem: 'not-a-number' };
    const fraction = point === -1 ? '' : chars.slice(point + 1).join('');
    return exact(groups.join(''), fraction, decimals);
  };

  return function parseAmount(text: string, decimals: number): AmountReading {
    const trimmed = text.replace(DIRECTION_MARKS, '').trim();
    if (trimmed === '') return { ok: false, problem: 'empty' };
    const chars = Array.from(trimmed, toLatin);
    const classified = chars.map(classify);
    if (classified.some((token) => token === null)) return { ok: false, problem: 'not-a-number' };
    let tokens = classified as Token[];
    const { symbols } = lookUp();
    const count = (kind: Token) => tokens.filter((token) => token === kind).length;

    if (symbols.group !== '.' && symbols.decimal !== '.') {
      // "." means nothing else here (fr-FR, ru-RU write "1 234,5"): it is a decimal point,
      // unless the locale's own one is typed too.
      if (count('dot') > 0 && count('decimal') > 0) return { ok: false, problem: 'not-a-number' };
      tokens = tokens.map((token) => (token === 'dot' ? 'decimal' : token));
    } else if (symbols.group === '.' && count('dot') > 0) {
      // "." is the locale's thousands separator (de-DE "1.234,5"), and many type it for
      // decimals: beside the locale's decimal separator, or twice, it groups; alone, it
      // is a decimal point unless it groups rightly too, and then it is ambiguous.
      const asGroups = tokens.map((token): Token => (token === 'dot' ? 'group' : token));
      if (count('decimal') > 0 || count('dot') > 1) return read(chars, asGroups, decimals);
      const asPoint = tokens.map((token): Token => (token === 'dot' ? 'decimal' : token));
      const decimal = read(chars, asPoint, decimals);
      const whole = read(chars, asGroups, decimals);
      if (decimal.ok && whole.ok) {
        return {
          ok: false,
          problem: 'ambiguous',
          readings: { decimal: decimal.value, whole: whole.value },
        };
      }
      return decimal.ok || !whole.ok ? decimal : whole;
    }
    if (count('decimal') > 1) return { ok: false, problem: 'not-a-number' };
    return read(chars, tokens, decimals);
  };
}

export type AmountParser = ReturnType<typeof createAmountParser>;
