import { ResponsiveLine } from '@nivo/line';
import { CHART_THEME, SERIES_COLOURS } from '../../components/chart/nivo.ts';

export interface TrendPoint {
  label: string;
  weight: number;
  body_fat: number;
  vo2max: number | null;
}

const SERIES = [
  { id: 'Weight', unit: 'kg', key: 'weight', colour: SERIES_COLOURS.weight },
  { id: 'Body fat', unit: '%', key: 'body_fat', colour: SERIES_COLOURS.body_fat },
  { id: 'VO2 max', unit: 'ml/kg/min', key: 'vo2max', colour: SERIES_COLOURS.vo2max },
] as const;

/** The y range of one line: its values with some room, so a 1 kg change is visible on an 80 kg scale. */
function yRange(values: number[]): { min: number; max: number } {
  if (!values.length) return { min: 0, max: 1 };
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max((high - low) * 0.25, Math.abs(high) * 0.02, 0.5);
  return { min: Math.max(0, Math.floor(low - pad)), max: Math.ceil(high + pad) };
}

/**
 * Weight, body fat and VO2 across the chamber's versions: one line chart per measure, each on its own scale (kg, %
 * and ml/kg/min do not share an axis). Loaded lazily with nivo.
 */
export default function TrendChart({ points }: { points: TrendPoint[] }) {
  return (
    <div className="trend-grid">
      {SERIES.map((s) => {
        const values = points.map((p) => p[s.key]).filter((v): v is number => v !== null);
        const latest = values.at(-1);
        const range = yRange(values);
        return (
          <figure key={s.key} className="trend">
            <figcaption className="trend__caption">
              <span className="chart-legend__swatch" style={{ background: s.colour }} aria-hidden="true" />
              {s.id}
              {latest !== undefined && (
                <span className="trend__latest">
                  {Math.round(latest * 100) / 100} {s.unit}
                </span>
              )}
            </figcaption>
            <div className="chart chart--trend" style={{ height: 180 }} aria-hidden="true">
              <ResponsiveLine
                data={[{ id: s.id, data: points.map((p) => ({ x: p.label, y: p[s.key] })) }]}
                margin={{ top: 12, right: 16, bottom: 28, left: 40 }}
                xScale={{ type: 'point' }}
                yScale={{ type: 'linear', min: range.min, max: range.max }}
                colors={[s.colour]}
                theme={CHART_THEME}
                axisBottom={{ tickSize: 0, tickPadding: 8 }}
                axisLeft={{ tickSize: 0, tickPadding: 6, tickValues: 4 }}
                gridYValues={4}
                enableGridX={false}
                lineWidth={3}
                pointSize={9}
                pointBorderWidth={2}
                pointBorderColor={{ from: 'seriesColor' }}
                pointColor="#101419"
                enableArea
                areaOpacity={0.08}
                areaBaselineValue={range.min}
                isInteractive={false}
                animate={false}
              />
            </div>
          </figure>
        );
      })}
    </div>
  );
}
