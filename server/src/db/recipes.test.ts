import { describe, expect, it } from 'vitest';
import { ELIXIR_PHASES, FOODS, RECIPES, recipeNutrition, type Food, type SeedRecipe } from './recipes.ts';

const ALL: SeedRecipe[] = [...ELIXIR_PHASES, ...RECIPES];
const foodOf = (name: string) => {
  const food = FOODS[name];
  if (!food) throw new Error(`Not in FOODS: ${name}`);
  return food;
};

/** Per-serving kcal each group must fall within. */
const KCAL_RANGE: Record<SeedRecipe['group'], [number, number]> = {
  1: [10, 350],
  6: [450, 750],
  7: [450, 750],
  8: [450, 750],
  9: [450, 750],
  10: [250, 550],
  11: [150, 400],
};

/**
 * Foods whose fibre is a large share of their carbohydrate (spices, dried and fresh herbs, cocoa, some green
 * vegetables). Carbohydrate in FOODS is total carbohydrate, fibre included, and fibre yields about 2 kcal/g rather
 * than 4, so 4/4/9 overestimates their energy: they may read up to 50% high (but still no more than 15% low).
 */
const HIGH_FIBRE = [
  'Broccoli (g)',
  'Green beans (g)',
  'Spring onions (g)',
  'Red chilli (g)',
  'Tomato purée (tbsp)',
  'Fresh parsley (g)',
  'Fresh dill (g)',
  'Fresh mint (g)',
  'Cocoa powder (g)',
  'Ground cumin (tsp)',
  'Smoked paprika (tsp)',
  'Ground cinnamon (tsp)',
  'Medium curry powder (tsp)',
  'Chilli powder (tsp)',
  'Dried oregano (tsp)',
  'Ground black pepper (tsp)',
];

/** Why a food's energy disagrees with 4 kcal/g protein and carbohydrate and 9 kcal/g fat, or null when it agrees. */
function atwaterProblem(name: string, f: Food = foodOf(name)): string | null {
  const atwater = 4 * f.protein + 4 * f.carbohydrate + 9 * f.fat;
  if (f.kcal === 0) return atwater === 0 ? null : 'no energy but has macros';
  const per100 = /\((g|ml)\)$/.test(name) ? 100 : null;
  // Very low-energy foods (leaves, citrus juice, stock): within 15 kcal per 100 g.
  if (per100 !== null && f.kcal * per100 < 30) {
    return Math.abs(atwater - f.kcal) * per100 <= 15 ? null : `low-energy food off by more than 15 kcal per 100`;
  }
  const ratio = atwater / f.kcal;
  const [low, high] = HIGH_FIBRE.includes(name) ? [0.85, 1.5] : [0.85, 1.15];
  return ratio >= low && ratio <= high ? null : `4/4/9 gives ${(ratio * 100).toFixed(0)}% of the stated kcal`;
}

describe('FOODS', () => {
  it('has non-negative values, a known kind and the unit in the name of every food', () => {
    const bad = Object.entries(FOODS).filter(
      ([name, f]) =>
        ![f.kcal, f.protein, f.fat, f.carbohydrate].every((x) => Number.isFinite(x) && x >= 0) ||
        !['plant', 'dairy-egg', 'fish', 'meat'].includes(f.kind) ||
        !/\([^)]+\)$/.test(name),
    );
    expect(bad).toEqual([]);
  });

  it('agrees with the Atwater factors (4 kcal/g protein and carbohydrate, 9 kcal/g fat)', () => {
    expect(HIGH_FIBRE.filter((name) => !(name in FOODS))).toEqual([]);
    const problems = Object.keys(FOODS)
      .map((name) => [name, atwaterProblem(name)])
      .filter(([, problem]) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('flags a food whose energy does not match its macros', () => {
    const food = (kcal: number, protein: number, fat: number, carbohydrate: number): Food => ({
      kcal: kcal / 100,
      protein: protein / 100,
      fat: fat / 100,
      carbohydrate: carbohydrate / 100,
      kind: 'plant',
    });
    // 100 kcal per 100 g from 10 g protein and 10 g carbohydrate (80 kcal by 4/4/9) is 20% low.
    expect(atwaterProblem('Made up (g)', food(100, 10, 0, 10))).toMatch(/80%/);
    expect(atwaterProblem('Made up (g)', food(100, 10, 0, 13))).toBeNull();
    // Under 30 kcal per 100 g the slack is 15 kcal per 100 g either way.
    expect(atwaterProblem('Made up (g)', food(20, 0, 0, 8.5))).toBeNull();
    expect(atwaterProblem('Made up (g)', food(20, 0, 0, 9))).toMatch(/low-energy/);
    // High-fibre foods may read up to 50% high, not more.
    expect(atwaterProblem('Broccoli (g)', food(34, 2.8, 0.4, 6.6))).toBeNull();
    expect(atwaterProblem('Broccoli (g)', food(34, 2.8, 0.4, 10))).toMatch(/%/);
    expect(atwaterProblem('Water (ml)', food(0, 0, 0, 1))).toMatch(/no energy/);
  });

  it('lists only ingredients some recipe uses', () => {
    const used = new Set(ALL.flatMap((r) => r.ingredients.map(([name]) => name)));
    expect(Object.keys(FOODS).filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('recipes and elixir phases', () => {
  it('use only ingredients of FOODS, 1 to 12 distinct ones, with positive amounts of at most 2 decimals', () => {
    const counts = ALL.filter((r) => r.ingredients.length < 1 || r.ingredients.length > 12).map((r) => r.name);
    expect(counts).toEqual([]);
    const unknown = ALL.flatMap((r) =>
      r.ingredients.filter(([name]) => !(name in FOODS)).map(([name]) => `${r.name}: ${name}`),
    );
    expect(unknown).toEqual([]);
    const amounts = ALL.flatMap((r) =>
      r.ingredients
        .filter(([, amount]) => !(amount > 0) || Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-9)
        .map(([name, amount]) => `${r.name}: ${name} ${amount}`),
    );
    expect(amounts).toEqual([]);
    const repeated = ALL.filter((r) => new Set(r.ingredients.map(([name]) => name)).size !== r.ingredients.length).map(
      (r) => r.name,
    );
    expect(repeated).toEqual([]);
  });

  it('have unique names', () => {
    const names = ALL.map((r) => r.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('has exactly the four elixir phases, in order, in group 1', () => {
    expect(ELIXIR_PHASES.map((r) => [r.group, r.name])).toEqual([
      [1, 'Saturni Elixir: Phase One'],
      [1, 'Saturni Elixir: Phase Two'],
      [1, 'Saturni Elixir: Phase Three'],
      [1, 'Saturni Elixir: Phase Four'],
    ]);
  });

  it('has at least 5 recipes in each of groups 6 to 11, and none in group 1', () => {
    const count = (group: number) => RECIPES.filter((r) => r.group === group).length;
    expect([6, 7, 8, 9, 10, 11].filter((group) => count(group) < 5)).toEqual([]);
    expect(count(1)).toBe(0);
  });

  it('keep to their group’s diet: vegan only plants, vegetarian no fish or meat, pescatarian no meat', () => {
    const banned: Partial<Record<SeedRecipe['group'], string[]>> = {
      6: ['dairy-egg', 'fish', 'meat'],
      7: ['fish', 'meat'],
      8: ['meat'],
    };
    const breaches = RECIPES.flatMap((r) =>
      r.ingredients
        .filter(([name]) => (banned[r.group] ?? []).includes(foodOf(name).kind))
        .map(([name]) => `${r.name} (group ${r.group}): ${name}`),
    );
    expect(breaches).toEqual([]);
    // The rule has teeth: FOODS has dairy and eggs, fish and meat to keep out.
    expect(new Set(Object.values(FOODS).map((f) => f.kind))).toEqual(new Set(['plant', 'dairy-egg', 'fish', 'meat']));
  });

  it('fall within their group’s energy range per serving', () => {
    const outside = ALL.map(
      (r) => [r.name, recipeNutrition(r.ingredients).kcal, ...KCAL_RANGE[r.group]] as const,
    ).filter(([, kcal, min, max]) => kcal < min || kcal > max);
    expect(outside).toEqual([]);
  });

  it('have descriptions with numbered steps, in Markdown-light', () => {
    const bad = ALL.filter(
      (r) =>
        !/^1\. \S/m.test(r.description) ||
        /<[a-z/][^>]*>|^#/m.test(r.description) ||
        r.description !== r.description.trim(),
    ).map((r) => r.name);
    expect(bad).toEqual([]);
  });

  it('have two hex colours for their card', () => {
    expect(ALL.filter((r) => !r.palette.every((c) => /^#[0-9a-f]{6}$/i.test(c))).map((r) => r.name)).toEqual([]);
  });
});

describe('recipeNutrition', () => {
  it('works a small recipe out to the digit', () => {
    // Rolled oats 379 kcal, 13.2 P, 6.5 F, 67.7 C per 100 g; semi-skimmed milk 49, 3.6, 1.7, 4.8 per 100 ml;
    // one egg is 50 g of 143, 12.6, 9.5, 0.7 per 100 g = 71.5, 6.3, 4.75, 0.35.
    //   40 g oats:    151.6 kcal,  5.28 P,  2.6 F, 27.08 C
    //   200 ml milk:   98   kcal,  7.2  P,  3.4 F,  9.6  C
    //   2 eggs:       143   kcal, 12.6  P,  9.5 F,  0.7  C
    //   total:        392.6 kcal, 25.08 P, 15.5 F, 37.38 C  ->  393 kcal, 25.1 P, 15.5 F, 37.4 C
    expect(
      recipeNutrition([
        ['Rolled oats (g)', 40],
        ['Semi-skimmed milk (ml)', 200],
        ['Eggs (whole)', 2],
      ]),
    ).toEqual({ kcal: 393, protein: 25.1, fat: 15.5, carbohydrate: 37.4 });
    // 2 tbsp of olive oil: 2 x 13.5 g x 8.84 kcal/g = 238.68 -> 239 kcal, 27 g fat.
    expect(recipeNutrition([['Olive oil (tbsp)', 2]])).toEqual({ kcal: 239, protein: 0, fat: 27, carbohydrate: 0 });
    expect(recipeNutrition([])).toEqual({ kcal: 0, protein: 0, fat: 0, carbohydrate: 0 });
  });

  it('sums the per-serving amounts times the per-unit values', () => {
    const tenth = (x: number) => Math.round(x * 10) / 10;
    const byHand = (ingredients: [string, number][]) => {
      const sum = (key: 'kcal' | 'protein' | 'fat' | 'carbohydrate') =>
        ingredients.reduce((total, [name, amount]) => total + amount * foodOf(name)[key], 0);
      return {
        kcal: Math.round(sum('kcal')),
        protein: tenth(sum('protein')),
        fat: tenth(sum('fat')),
        carbohydrate: tenth(sum('carbohydrate')),
      };
    };
    expect(ALL.map((r) => recipeNutrition(r.ingredients))).toEqual(ALL.map((r) => byHand(r.ingredients)));
  });

  it('rejects an ingredient that is not in FOODS', () => {
    expect(() => recipeNutrition([['Unicorn tears (ml)', 10]])).toThrow(/Unicorn tears/);
  });
});
