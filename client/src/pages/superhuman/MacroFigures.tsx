import type { MacroDataDto } from '@evolution/shared';
import { formatFigure } from './servings.ts';
import './MacroFigures.css';

/** Why the member's energy sits where it does (docs/product.md §4: more than a point off the target body fat). */
export function energyBalanceText(
  m: Pick<MacroDataDto, 'energy_balance' | 'body_fat' | 'desired_body_fat' | 'desired_aesthetic'>,
): string {
  const now = `your body fat (${formatFigure(m.body_fat)}%)`;
  const target = `your ${m.desired_aesthetic} target of ${formatFigure(m.desired_body_fat)}%`;
  switch (m.energy_balance) {
    case 'deficit':
      return `You are in a deficit: ${now} is more than a point above ${target}, so your energy is set below maintenance.`;
    case 'surplus':
      return `You are in a surplus: ${now} is more than a point below ${target}, so your energy is set above maintenance.`;
    default:
      return `You are at maintenance: ${now} is within a point of ${target}.`;
  }
}

/** The line that says where the figures come from: formulas, not measurements. */
export function estimateText(m: Pick<MacroDataDto, 'weight' | 'body_fat'>): string {
  return `These are estimates from formulas, not measurements: worked out from your fact-find and your latest data analysis (${formatFigure(m.weight)} kg at ${formatFigure(m.body_fat)}% body fat).`;
}

function Figure({
  label,
  value,
  unit,
  note,
  wide,
}: {
  label: string;
  value: number;
  unit: string;
  note?: string;
  wide?: boolean;
}) {
  return (
    <div className={wide ? 'macro-figures__item macro-figures__item--wide' : 'macro-figures__item'}>
      <dt>{label}</dt>
      <dd>
        <span className="macro-figures__value">{formatFigure(value)}</span>
        <span className="macro-figures__unit"> {unit}</span>
        {note && <span className="macro-figures__note">{note}</span>}
      </dd>
    </div>
  );
}

/** The member's macro data, each figure with its unit (spec section 2: /with_menu/macro_data). */
export function MacroFigures({ macros }: { macros: MacroDataDto }) {
  return (
    <dl className="macro-figures">
      <Figure label="Daily caloric intake" value={macros.daily_caloric_intake} unit="kcal" />
      <Figure label="Protein intake" value={macros.protein_intake} unit="g" />
      <Figure label="Fat intake" value={macros.fat_intake} unit="g" />
      <Figure label="Carbohydrate intake" value={macros.carbohydrate_intake} unit="g" />
      <Figure
        label="Maximum lean body mass"
        value={macros.max_lean_body_mass_kg}
        unit="kg"
        note={`${formatFigure(macros.max_lean_body_mass_lbs)} lbs, at a desired adiposity of ${formatFigure(macros.desired_body_fat)}%`}
        wide
      />
      <Figure
        label="Desired body mass"
        value={macros.desired_body_mass}
        unit="kg"
        note={`${macros.desired_aesthetic} at ${formatFigure(macros.desired_body_fat)}% body fat`}
      />
    </dl>
  );
}
