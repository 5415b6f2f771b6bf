/**
 * uPlot draws on a canvas and reads `matchMedia` when loaded, neither of which jsdom has.
 * Tests replace it with this (`vi.mock('uplot', () => import(...))`) and check the chart's
 * text alternative, which is what a test can read anyway.
 */
class UPlotStandIn {
  static paths = { bars: () => undefined };
  static tzDate = (date: Date) => date;
  static instances: { data: unknown }[] = [];
  constructor(_options: unknown, data: unknown) {
    UPlotStandIn.instances.push({ data });
  }
  setSize() {}
  destroy() {}
}

export default UPlotStandIn;
