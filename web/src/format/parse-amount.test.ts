import { parseEther, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import { createFormatter } from './create-formatter';
import { createAmountParser } from './parse-amount';

const ether = (text: string) => ({ ok: true, value: parseEther(text) });
const notANumber = { ok: false, problem: 'not-a-number' };

describe('createAmountParser', () => {
  describe.each(['de-DE', 'pt-BR', 'id-ID', 'tr-TR', 'vi-VN'])(
    'in %s (decimal comma, "." between thousands)',
    (locale) => {
      const parse = createAmountParser(locale);

      it('reads the decimal comma and the thousands dots', () => {
        expect(parse('0,01', 18)).toEqual(ether('0.01'));
        expect(parse('1.234,5', 18)).toEqual(ether('1234.5'));
        expect(parse('12.345.678', 18)).toEqual(ether('12345678'));
        expect(parse(' 1234,5 ', 18)).toEqual(ether('1234.5'));
      });

      it('reads a lone "." as a decimal point where it cannot group thousands', () => {
        expect(parse('0.01', 18)).toEqual(ether('0.01'));
        expect(parse('1.5', 18)).toEqual(ether('1.5'));
        expect(parse('0.001', 18)).toEqual(ether('0.001'));
      });

      it('refuses "1.234": a thousand or one, with both readings', () => {
        expect(parse('1.234', 18)).toEqual({
          ok: false,
          problem: 'ambiguous',
          readings: { decimal: parseEther('1.234'), whole: parseEther('1234') },
        });
      });

      it('refuses thousands grouped wrongly and a second decimal comma', () => {
        expect(parse('1.23,5', 18)).toEqual(notANumber);
        expect(parse('1,2,3', 18)).toEqual(notANumber);
        expect(parse('1,234.5', 18)).toEqual(notANumber);
      });
    },
  );

  describe.each(['fr-FR', 'ru-RU', 'uk-UA'])(
    'in %s (decimal comma, spaces between thousands)',
    (locale) => {
      const parse = createAmountParser(locale);

      it('reads what the formatter writes, and the spaces a person types', () => {
        const shown = createFormatter(locale).tokenAmount(parseEther('1234567.25'), 18);
        expect(parse(shown, 18)).toEqual(ether('1234567.25'));
        expect(parse('1 234 567,25', 18)).toEqual(ether('1234567.25'));
        expect(parse('1\u00a0234,5', 18)).toEqual(ether('1234.5'));
      });

      it('reads "." as the decimal point, "." meaning nothing else here', () => {
        expect(parse('0.01', 18)).toEqual(ether('0.01'));
        expect(parse('1.234', 18)).toEqual(ether('1.234'));
      });

      it('refuses both separators at once, and misplaced spaces', () => {
        expect(parse('1.234,5', 18)).toEqual(notANumber);
        expect(parse('12 34,5', 18)).toEqual(notANumber);
      });
    },
  );

  describe.each(['en-US', 'ja-JP', 'ko-KR', 'zh-CN'])(
    'in %s (decimal point, "," between thousands)',
    (locale) => {
      const parse = createAmountParser(locale);

      it('reads the point and the thousands commas', () => {
        expect(parse('0.01', 18)).toEqual(ether('0.01'));
        expect(parse('1,234.5', 18)).toEqual(ether('1234.5'));
        expect(parse('1,234', 18)).toEqual(ether('1234'));
        expect(parse('.5', 18)).toEqual(ether('0.5'));
        expect(parse('5.', 18)).toEqual(ether('5'));
      });

      it('refuses a comma that cannot group thousands', () => {
        expect(parse('0,01', 18)).toEqual(notANumber);
        expect(parse('1,23', 18)).toEqual(notANumber);
        expect(parse('1.2.3', 18)).toEqual(notANumber);
      });
    },
  );

  it('groups as hi-IN does: the last three digits, then twos', () => {
    const parse = createAmountParser('hi-IN');
    expect(parse('12,34,567.5', 18)).toEqual(ether('1234567.5'));
    expect(parse('1,234,567', 18)).toEqual(notANumber);
  });

  describe('in Arabic', () => {
    it('reads ar-AR as the formatter writes it there', () => {
      const parse = createAmountParser('ar-AR');
      const shown = createFormatter('ar-AR').tokenAmount(parseEther('1234.5'), 18);
      expect(parse(shown, 18)).toEqual(ether('1234.5'));
    });

    it('reads Arabic-Indic digits and separators, Latin digits and "." too', () => {
      const parse = createAmountParser('ar-AR-u-nu-arab');
      const shown = createFormatter('ar-AR-u-nu-arab').tokenAmount(parseEther('1234.5'), 18);
      expect(shown).toBe('١٬٢٣٤٫٥');
      expect(parse(shown, 18)).toEqual(ether('1234.5'));
      expect(parse('٠٫٠١', 18)).toEqual(ether('0.01'));
      expect(parse('0.01', 18)).toEqual(ether('0.01'));
      expect(parse('\u200f١٢٣\u200f', 18)).toEqual(ether('123'));
    });
  });

  describe('in any locale', () => {
    const parse = createAmountParser('de-DE');

    it('keeps every one of eighteen decimals, with no float between', () => {
      expect(parse('123.456.789,012345678901234567', 18)).toEqual({
        ok: true,
        value: 123_456_789_012_345_678_901_234_567n,
      });
      expect(parse('9007199254740993', 0)).toEqual({ ok: true, value: 9_007_199_254_740_993n });
    });

    it('refuses more decimals than the currency has, rather than rounding', () => {
      expect(parse('0,0000000000000000001', 18)).toEqual({
        ok: false,
        problem: 'too-many-decimals',
      });
      expect(parse('1,234', 2)).toEqual({ ok: false, problem: 'too-many-decimals' });
      // A lone "." that cannot be a decimal point here groups thousands.
      expect(parse('1.234', 2)).toEqual({ ok: true, value: parseUnits('1234', 2) });
    });

    it('says nothing typed is empty, and refuses zero and garbage', () => {
      expect(parse('', 18)).toEqual({ ok: false, problem: 'empty' });
      expect(parse('   ', 18)).toEqual({ ok: false, problem: 'empty' });
      for (const text of ['0', '0,0', ',', '.', 'abc', '1e3', '-1', '1,5 ETH', '0x10', '½']) {
        expect(parse(text, 18), text).toEqual(notANumber);
      }
    });
  });
});
