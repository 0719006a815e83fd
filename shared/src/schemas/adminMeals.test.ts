import { describe, expect, it } from 'vitest';
import {
  adminMealCreateInput,
  adminMealUpdateInput,
  ingredientRowErrors,
  ingredientRowsOf,
  parseQuantity,
} from './adminMeals.ts';

describe('parseQuantity', () => {
  it('takes positive amounts with at most 2 decimals, as numbers or texts', () => {
    expect([60, '200', ' 0.5 ', '.25', 75.5, '10000', 0.01].map(parseQuantity)).toEqual([
      60, 200, 0.5, 0.25, 75.5, 10000, 0.01,
    ]);
  });

  it('refuses zero, negatives, three decimals, exponents, words and other types', () => {
    expect(
      [0, '0', '0.00', -1, '-1', '1.234', 0.001, '1e3', 'abc', '', null, undefined, true, Number.NaN, Infinity].map(
        parseQuantity,
      ),
    ).toEqual(Array(15).fill(null));
  });
});

describe('ingredientRowErrors', () => {
  it("gives the spec's message for a blank name or quantity, numbered from 1", () => {
    expect(
      ingredientRowErrors([
        { ingredient: 'Oats (g)', formula: '50' },
        { ingredient: '  ', formula: 5 },
        { ingredient: 'Milk (ml)', formula: '' },
      ]),
    ).toEqual([
      {},
      { ingredient: 'The name of Ingredient 2 is required, or you can remove the Ingredient.' },
      { formula: 'The quantity of Ingredient 3 is required, or you can remove the Ingredient.' },
    ]);
  });

  it('numbers the messages as given, and checks the amount and the name length', () => {
    expect(
      ingredientRowErrors(
        [
          { ingredient: 'x'.repeat(101), formula: '0' },
          { ingredient: 'Salt (g)', formula: 10_000.01 },
        ],
        [3, 7],
      ),
    ).toEqual([
      {
        ingredient: 'The name of Ingredient 3 may not be greater than 100 characters.',
        formula: 'The quantity of Ingredient 3 must be a number greater than 0, with at most 2 decimals.',
      },
      { formula: 'The quantity of Ingredient 7 may not be greater than 10000.' },
    ]);
  });
});

describe('ingredientRowsOf', () => {
  it('prefers the ingredients list, else reads ingredientN / formulaN in order and skips pairs left blank', () => {
    expect(ingredientRowsOf({ ingredients: [], ingredient1: 'x' })).toEqual({ rows: [], form: 'list', numbers: [] });
    expect(
      ingredientRowsOf({
        ingredient2: 'B',
        formula2: 2,
        ingredient10: 'C',
        formula10: '3',
        ingredient1: 'A',
        formula1: 1,
        ingredient3: '',
        formula3: null,
      }),
    ).toEqual({
      rows: [
        { ingredient: 'A', formula: 1 },
        { ingredient: 'B', formula: 2 },
        { ingredient: 'C', formula: '3' },
      ],
      form: 'fields',
      numbers: [1, 2, 10],
    });
    expect(ingredientRowsOf({ name: 'x' })).toBeUndefined();
  });
});

describe('the meal parsers', () => {
  const base = {
    name: ' Oats ',
    meal_group_id: '6',
    description: 'Soak.',
    ingredients: [{ ingredient: ' Oats (g) ', formula: '60' }],
  };

  it('trims and converts, and on add turns absent optional fields into none', () => {
    expect(adminMealCreateInput.parse(base)).toEqual({
      name: 'Oats',
      meal_group_id: 6,
      description: 'Soak.',
      image_id: null,
      video_id: null,
      video_link: null,
      kcal: null,
      protein: null,
      fat: null,
      carbohydrate: null,
      ingredients: [{ ingredient: 'Oats (g)', formula: 60 }],
    });
  });

  it('on edit leaves absent fields undefined (kept), blank ones null (cleared)', () => {
    const { ingredients: _, ...noRows } = base;
    const parsed = adminMealUpdateInput.parse({ ...noRows, image_id: '', video_link: '  ' });
    expect(parsed).toMatchObject({ image_id: null, video_link: null, ingredients: undefined });
    expect(parsed.video_id).toBeUndefined();
    expect(parsed.kcal).toBeUndefined();
  });

  it("rounds nutrition to the column's one decimal", () => {
    expect(
      adminMealCreateInput.parse({ ...base, kcal: '412.46', protein: 10, fat: 0, carbohydrate: '55.56' }),
    ).toMatchObject({ kcal: 412.5, protein: 10, fat: 0, carbohydrate: 55.6 });
  });
});
