import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A and AA, and axe's best
 * practices) and returns its violations, each with the elements it names.
 * axe is evaluated through the DevTools protocol: the page's CSP, which
 * allows no inline script, does not apply to it.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(`${axeSource}\n;void 0`);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: unknown[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  });
}
