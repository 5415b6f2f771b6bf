import { formatUnits } from 'viem';

/** A token amount with at most `fractionDigits` decimals, rounded down, trailing zeros dropped. */
export function formatBalance(value: bigint, decimals: number, fractionDigits = 4): string {
  const [whole, fraction = ''] = formatUnits(value, decimals).split('.');
  const kept = fraction.slice(0, fractionDigits).replace(/0+$/, '');
  if (kept === '' && value > 0n && whole === '0') return `< 0.${'0'.repeat(fractionDigits - 1)}1`;
  return kept === '' ? (whole ?? '0') : `${whole}.${kept}`;
}
