import { plural, t } from '@lingui/core/macro';
import type { Formatter } from '../format/create-formatter';
import type { AmountReading } from '../format/parse-amount';

type Refusal = Exclude<AmountReading, { ok: true } | { problem: 'empty' }>;

/**
 * Why an amount typed in the tip field is refused, in words, with its examples written
 * as the page's locale writes numbers ("0,01" in German): the field reads that writing
 * (format/parse-amount.ts). A component calling it uses `useLingui()`.
 */
export function describeAmountProblem(
  refusal: Refusal,
  typed: string,
  { symbol, decimals }: { symbol: string; decimals: number },
  format: Pick<Formatter, 'tokenAmount'>,
): string {
  const exact = { maximumFractionDigits: decimals };
  switch (refusal.problem) {
    case 'not-a-number': {
      const example = amountExample(decimals, format);
      return t`Enter an amount greater than zero, like ${example}.`;
    }
    case 'too-many-decimals':
      return plural(decimals, {
        one: `An amount in ${symbol} has at most # decimal place.`,
        other: `An amount in ${symbol} has at most # decimal places.`,
      });
    case 'ambiguous': {
      const asDecimal = format.tokenAmount(refusal.readings.decimal, decimals, undefined, exact);
      const asWhole = format.tokenAmount(refusal.readings.whole, decimals, undefined, {
        ...exact,
        grouping: false,
      });
      const text = typed.trim();
      return t({
        message: `“${text}” can be read two ways: type ${asDecimal} or ${asWhole}.`,
        comment:
          'An amount typed with "." in a language whose thousands separator is "." (German "1.234"): a decimal point or a thousands separator? The two readings as the language writes them.',
      });
    }
  }
}

/** "0.01" as the locale writes it ("0,01"), the field's placeholder and its example. */
export function amountExample(decimals: number, format: Pick<Formatter, 'tokenAmount'>): string {
  return format.tokenAmount(10n ** BigInt(Math.max(0, decimals - 2)), decimals);
}
