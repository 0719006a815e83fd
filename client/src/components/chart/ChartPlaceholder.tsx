/** The block that holds a lazily loaded chart's place, as tall as the chart. */
export function ChartPlaceholder({ height }: { height: number }) {
  return <div className="chart-placeholder" style={{ height }} />;
}
