import { z } from 'zod';
import { commaList, firstMessage, quoted, wholeNumber } from './value-schemas.js';

/** proxy-addr's names for the loopback, link-local and unique-local ranges. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'] as const;

const hopCount = wholeNumber(1, 100);
const proxyList = commaList(
  z.union([z.enum(NAMED_RANGES), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
    error: (issue) =>
      `${quoted(issue)} is not a hop count, an IP address or a CIDR range (e.g. 1, or 10.0.0.0/8,::1)`,
  }),
);

/**
 * Which peers may say who the client is: a hop count, or a comma-separated
 * list of addresses and CIDR ranges. Digits alone are a hop count, with its
 * range; anything else is the list.
 */
export const trustProxy = z.string().transform((text, context): number | string[] => {
  const parsed = /^\d+$/.test(text) ? hopCount.safeParse(text) : proxyList.safeParse(text);
  if (parsed.success) return parsed.data;
  context.addIssue(firstMessage(parsed.error));
  return z.NEVER;
});
