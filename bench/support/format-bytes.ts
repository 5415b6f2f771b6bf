/** Bytes as Vite reports them: kB of 1000 bytes, two decimals. */
export function formatKilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}
