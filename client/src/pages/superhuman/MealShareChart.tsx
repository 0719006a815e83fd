import { ResponsiveBar } from '@nivo/bar';
import { horizontalBars } from '../../components/chart/nivo.ts';
import type { NutrientShare } from './servings.ts';

/**
 * This meal's nutrition as a share (%) of the member's daily targets, one horizontal bar per nutrient, with a line at
 * 100 %. Loaded lazily: nivo is large. Hidden from screen readers: the meal screen gives them the same numbers as text.
 */
export default function MealShareChart({ shares }: { shares: readonly NutrientShare[] }) {
  // nivo draws horizontal bars bottom-up: reversed, energy stays on top.
  const data = shares.map((s) => ({ nutrient: s.label, share: s.percent ?? 0 })).reverse();
  const top = Math.max(100, ...data.map((d) => d.share));
  // Every 50 % (every few hundred for a big batch): few enough ticks to stay apart on a phone, 100 % among them.
  const step = top <= 300 ? 50 : Math.ceil(top / 400) * 100;
  const ticks = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
  return (
    <div className="chart meal-share__chart" style={{ height: 200 }} aria-hidden="true">
      <ResponsiveBar
        data={data}
        keys={['share']}
        indexBy="nutrient"
        {...horizontalBars({
          max: top,
          ticks,
          legend: 'Share of your daily target',
          left: 104,
          format: (v) => `${v}%`,
        })}
        label={(d) => `${d.value ?? 0}%`}
        labelSkipWidth={32}
        markers={[{ axis: 'x', value: 100, lineStyle: { stroke: '#f3f5f7', strokeWidth: 1, strokeDasharray: '4 4' } }]}
        isInteractive={false}
      />
    </div>
  );
}
