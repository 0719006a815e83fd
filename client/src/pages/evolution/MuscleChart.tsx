import { ResponsiveBar } from '@nivo/bar';
import { horizontalBars } from '../../components/chart/nivo.ts';

/**
 * Muscle scores 0-10 as horizontal bars, 300 px high (spec section 9). Loaded lazily: nivo is large. Hidden from
 * screen readers like the trend charts: the chamber gives them the same numbers as a table beside it.
 */
export default function MuscleChart({ muscle }: { muscle: Record<string, number> }) {
  // Strongest at the top: nivo draws horizontal bars bottom-up.
  const data = Object.entries(muscle)
    .map(([name, score]) => ({ muscle: name, score }))
    .sort((a, b) => a.score - b.score);
  return (
    <div className="chart chart--muscle" style={{ height: 300 }} aria-hidden="true">
      <ResponsiveBar
        data={data}
        keys={['score']}
        indexBy="muscle"
        {...horizontalBars({ max: 10, ticks: [0, 2, 4, 6, 8, 10], legend: 'Score (0-10)', left: 92 })}
        label={(d) => String(d.value)}
        labelSkipWidth={24}
        valueFormat=">-.1f"
      />
    </div>
  );
}
