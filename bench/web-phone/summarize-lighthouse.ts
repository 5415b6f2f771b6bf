/** The parts of a Lighthouse result (LHR) the phone bench reads. */
export type LighthouseResultLike = {
  categories: { performance?: { score: number | null } };
  audits: Record<
    string,
    | {
        numericValue?: number;
        details?: { items?: Record<string, unknown>[] };
      }
    | undefined
  >;
};

export type PhonePageFigures = {
  /** Simulated (Lantern) first contentful paint, ms. */
  fcpMs: number;
  /** Simulated largest contentful paint, ms. */
  lcpMs: number;
  /** Lighthouse's performance score, 0 to 100. */
  score: number;
  /** Cumulative layout shift of the load (observed: the first paint replaced by the app included). */
  cls: number;
  /** Simulated total blocking time, ms. */
  tbtMs: number;
  /** Every script's transfer size: bytes on the wire, as sent (compressed). */
  scriptBytes: number;
  /** Scripts whose download ended before the observed LCP. */
  scriptBytesBeforeLcp: number;
};

function need(value: number | undefined | null, what: string): number {
  if (value === undefined || value === null || Number.isNaN(value)) {
    throw new Error(`the Lighthouse result has no ${what}`);
  }
  return value;
}

/**
 * A Lighthouse run as the phone bench reports it. FCP, LCP and the score are
 * Lighthouse's simulated Slow 4G / 4x CPU figures; "before LCP" compares the
 * observed (unthrottled) load's request end times with its observed LCP, the
 * only clock both are on: it says which scripts the content waited behind.
 */
export function summarizeLighthouse(lhr: LighthouseResultLike): PhonePageFigures {
  const metrics = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const observedLcp = need(
    metrics.observedLargestContentfulPaint as number | undefined,
    'observed LCP',
  );
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const bytes = (list: Record<string, unknown>[]) =>
    list.reduce((sum, request) => sum + (Number(request.transferSize) || 0), 0);
  return {
    fcpMs: need(lhr.audits['first-contentful-paint']?.numericValue, 'FCP'),
    lcpMs: need(lhr.audits['largest-contentful-paint']?.numericValue, 'LCP'),
    score: Math.round(need(lhr.categories.performance?.score, 'performance score') * 100),
    cls: need(lhr.audits['cumulative-layout-shift']?.numericValue, 'CLS'),
    tbtMs: need(lhr.audits['total-blocking-time']?.numericValue, 'TBT'),
    scriptBytes: bytes(scripts),
    scriptBytesBeforeLcp: bytes(
      scripts.filter((request) => Number(request.networkEndTime) <= observedLcp),
    ),
  };
}
