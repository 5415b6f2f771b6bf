import { z } from 'zod';
import { type KnownChain, knownChains } from '../chains.js';
import { commaList, quoted } from './value-schemas.js';

/** Chain ids, comma-separated, each one Sigil knows and named once; as the known chains. */
export const chainList = commaList(
  z.string().regex(/^\d+$/, { error: (issue) => `${quoted(issue)} is not a chain id` }),
  { dropEmpty: true },
).transform((parts, context): KnownChain[] => {
  const ids = parts.map(Number);
  if (ids.length === 0) context.addIssue('must name at least one chain id');
  const chains: KnownChain[] = [];
  for (const [index, id] of ids.entries()) {
    const chain = knownChains[id];
    if (!chain) {
      context.addIssue(
        `chain ${id} is not supported (known: ${Object.keys(knownChains).join(', ')})`,
      );
    } else if (ids.indexOf(id) !== index) context.addIssue(`chain ${id} is listed twice`);
    else chains.push(chain);
  }
  return chains;
});

/** What the server and the browser speak to a chain: JSON-RPC over HTTP, never a websocket. */
export const rpcUrl = z.url({
  protocol: /^https?$/,
  error: (issue) => `${quoted(issue)} is not an http(s) URL`,
});

/**
 * An endpoint every browser is given as it is (docs/configuration.md): an
 * http(s) URL without a user or password, since the page would show them to
 * anyone. An API key in its path cannot be told from a path: the docs say so.
 */
export const publicRpcUrl = rpcUrl.refine(
  (value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  },
  { error: 'carries a user or password, and would be sent to every browser' },
);
