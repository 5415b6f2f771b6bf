import { z } from 'zod';
import { quoted } from './value-schemas.js';

/**
 * Where to listen: an IP address, or a hostname the resolver can look up.
 * Digits and dots only must be a real IPv4 address (a hostname's grammar
 * would let 999.1.1.1 through); IPv6 without brackets, as listen() takes it.
 */
export const host = z
  .string()
  .refine((text) => !/^[\d.]+$/.test(text) || z.ipv4().safeParse(text).success, {
    error: (issue) => `${quoted(issue)} is not an IP address`,
  })
  .pipe(
    z.union([z.ipv4(), z.ipv6(), z.hostname()], {
      error: (issue) =>
        `${quoted(issue)} is not an IP address or a hostname (e.g. 127.0.0.1, ::, localhost)`,
    }),
  );
