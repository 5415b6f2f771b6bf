import { randomBytes } from 'node:crypto';

let lastMs = -1;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562) for an event at `at`: 48 bits of milliseconds, then a
 * 12-bit counter that rises within one millisecond on this instance (method 1
 * of the RFC), then random bits. Events written in one millisecond thus keep
 * their order here, and ids stay unique across instances by the random part.
 */
export function auditEventId(at: number): string {
  if (at === lastMs && sequence < 0xfff) {
    sequence += 1;
  } else {
    lastMs = at;
    // A random start in the lower half leaves room to count up.
    sequence = randomBytes(2).readUInt16BE(0) & 0x7ff;
  }
  const bytes = randomBytes(16);
  const ms = BigInt(Math.max(0, Math.trunc(at)));
  for (let i = 0; i < 6; i += 1) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
