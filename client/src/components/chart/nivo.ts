// Shared by the lazily loaded charts, so the bundler names their common nivo chunk after this file.
/** nivo's theme in the app's dark look (colours from styles/base.css). */
export const CHART_THEME = {
  background: 'transparent',
  text: { fontSize: 12, fill: '#aab4c0', fontFamily: "'Inter', system-ui, sans-serif" },
  axis: {
    domain: { line: { stroke: '#3d4753', strokeWidth: 1 } },
    ticks: { line: { stroke: '#3d4753', strokeWidth: 1 }, text: { fill: '#aab4c0', fontSize: 12 } },
    legend: { text: { fill: '#aab4c0', fontSize: 12, fontWeight: 700 } },
  },
  grid: { line: { stroke: '#2c353f', strokeWidth: 1 } },
  legends: { text: { fill: '#f3f5f7', fontSize: 12 } },
  tooltip: {
    container: { background: '#1c232b', color: '#f3f5f7', fontSize: 13, borderRadius: 8, border: '1px solid #3d4753' },
  },
  labels: { text: { fill: '#140800', fontSize: 12, fontWeight: 700 } },
} as const;

const ACCENT = '#ff6b2c';
export const SERIES_COLOURS = { weight: '#ff6b2c', body_fat: '#7cc4ff', vo2max: '#3ddc97' } as const;

/**
 * What the horizontal bar charts share (muscle scores, a meal's share of the daily targets): the look, a value axis
 * from 0 to `max` with its `ticks`, grid and `legend`, and `left` pixels for the bars' names.
 */
export const horizontalBars = ({
  max,
  ticks,
  legend,
  left,
  format,
}: {
  max: number;
  ticks: number[];
  legend: string;
  left: number;
  format?: (value: number | string) => string;
}) => ({
  layout: 'horizontal' as const,
  valueScale: { type: 'linear' as const, min: 0, max, clamp: true },
  margin: { top: 8, right: 24, bottom: 36, left },
  padding: 0.3,
  colors: ACCENT,
  borderRadius: 3,
  theme: CHART_THEME,
  axisBottom: {
    tickValues: ticks,
    ...(format && { format }),
    legend,
    legendPosition: 'middle' as const,
    legendOffset: 30,
  },
  axisLeft: { tickSize: 0, tickPadding: 8 },
  enableGridX: true,
  enableGridY: false,
  gridXValues: ticks,
  animate: false,
});
