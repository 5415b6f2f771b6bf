import { SOLANA_CLUSTERS, type SolanaClusterName } from '@sigil/siwe';
import { z } from 'zod';
import { commaList, quoted } from './value-schemas.js';

export type SolanaClusterConfig = { name: SolanaClusterName; id: string };

const NAMES = Object.keys(SOLANA_CLUSTERS) as SolanaClusterName[];

/**
 * Solana cluster names, comma-separated, each named once, as the clusters
 * with their CAIP-2 ids. Empty is no cluster: Solana sign-in is off.
 */
export const solanaClusterList = commaList(
  z.string().refine((name) => (NAMES as string[]).includes(name), {
    error: (issue) => `${quoted(issue)} is not a Solana cluster (known: ${NAMES.join(', ')})`,
  }),
  { dropEmpty: true },
).transform((names, context): SolanaClusterConfig[] => {
  const clusters: SolanaClusterConfig[] = [];
  for (const [index, name] of names.entries()) {
    if (names.indexOf(name) !== index) {
      context.addIssue(`cluster ${name} is listed twice`);
      continue;
    }
    const known = name as SolanaClusterName;
    clusters.push({ name: known, id: SOLANA_CLUSTERS[known] });
  }
  return clusters;
});
