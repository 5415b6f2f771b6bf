import { describe, expect, it } from 'vitest';
import { type LighthouseResultLike, summarizeLighthouse } from './summarize-lighthouse.js';

function lhr(requests: Record<string, unknown>[]): LighthouseResultLike {
  return {
    categories: { performance: { score: 0.874 } },
    audits: {
      'first-contentful-paint': { numericValue: 1210.4 },
      'largest-contentful-paint': { numericValue: 1830.2 },
      'cumulative-layout-shift': { numericValue: 0.013 },
      'total-blocking-time': { numericValue: 212.5 },
      metrics: { details: { items: [{ observedLargestContentfulPaint: 400 }] } },
      'network-requests': { details: { items: requests } },
    },
  };
}

describe('summarizeLighthouse', () => {
  it('reads the simulated paints, the layout shift, blocking time and the score out of 100', () => {
    const figures = summarizeLighthouse(lhr([]));
    expect(figures).toEqual({
      fcpMs: 1210.4,
      lcpMs: 1830.2,
      score: 87,
      cls: 0.013,
      tbtMs: 212.5,
      scriptBytes: 0,
      scriptBytesBeforeLcp: 0,
    });
  });

  it('sums the transfer size of scripts only, and of those done by the observed LCP', () => {
    const figures = summarizeLighthouse(
      lhr([
        { resourceType: 'Document', transferSize: 2000, networkEndTime: 50 },
        { resourceType: 'Script', transferSize: 60_000, networkEndTime: 300 },
        { resourceType: 'Script', transferSize: 5_000, networkEndTime: 400 },
        { resourceType: 'Script', transferSize: 170_000, networkEndTime: 900 },
        { resourceType: 'Stylesheet', transferSize: 4000, networkEndTime: 100 },
      ]),
    );
    expect(figures.scriptBytes).toBe(235_000);
    expect(figures.scriptBytesBeforeLcp).toBe(65_000);
  });

  it('refuses a result without an LCP rather than reporting zero', () => {
    const result = lhr([]);
    result.audits['largest-contentful-paint'] = {};
    expect(() => summarizeLighthouse(result)).toThrow('the Lighthouse result has no LCP');
  });
});
