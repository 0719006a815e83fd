import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ingredientRowErrors } from '@evolution/shared';
import { addRow, removeRow, rowServerErrors, updateCell, useRows } from './useRows.ts';

type Cell = 'ingredient' | 'formula';
const blank = { ingredient: '', formula: '' };
const name = (i: number, c: Cell) => `ingredients.${i}.${c}`;
const options = { blank, max: 3, validate: ingredientRowErrors, name };
const rows = (...values: [string, string][]) =>
  values.map(([ingredient, formula], key) => ({ key, values: { ingredient, formula } }));

describe('the row helpers', () => {
  it('add a blank row up to the limit, remove and edit by index', () => {
    const two = rows(['Oats (g)', '60'], ['Milk (ml)', '200']);
    expect(addRow(two, blank, 3, 7).map((r) => [r.key, r.values])).toEqual([
      [0, two[0]!.values],
      [1, two[1]!.values],
      [7, blank],
    ]);
    expect(addRow(addRow(two, blank, 3, 7), blank, 3, 8)).toHaveLength(3);
    expect(removeRow(two, 0).map((r) => r.key)).toEqual([1]);
    expect(updateCell(two, 1, 'formula', '250')[1]!.values).toEqual({ ingredient: 'Milk (ml)', formula: '250' });
    expect(two[1]!.values.formula).toBe('200');
  });

  it("read the server's messages of each row", () => {
    expect(
      rowServerErrors(
        { 'ingredients.1.formula': 'bad', name: 'x', 'ingredients.0.ingredient': 'blank' },
        3,
        ['ingredient', 'formula'],
        name,
      ),
    ).toEqual([{ ingredient: 'blank' }, { formula: 'bad' }, {}]);
  });
});

describe('useRows', () => {
  it('adds rows until the limit and removes them', () => {
    const { result } = renderHook(() => useRows<Cell>([blank], options));
    act(() => result.current.add());
    act(() => result.current.add());
    expect(result.current.rows).toHaveLength(3);
    expect(result.current.canAdd).toBe(false);
    act(() => result.current.add());
    expect(result.current.rows).toHaveLength(3);
    act(() => result.current.remove(0));
    expect(result.current.canAdd).toBe(true);
    expect(new Set(result.current.rows.map((r) => r.key)).size).toBe(2);
  });

  it("holds the spec's messages back until a submit attempt, then names each blank cell", () => {
    const { result } = renderHook(() => useRows<Cell>([blank, { ingredient: 'Oats (g)', formula: '' }], options));
    expect(result.current.shown(0, 'ingredient')).toBeUndefined();
    let ok = true;
    act(() => {
      ok = result.current.attempt();
    });
    expect(ok).toBe(false);
    expect(result.current.messages).toEqual([
      'The name of Ingredient 1 is required, or you can remove the Ingredient.',
      'The quantity of Ingredient 1 is required, or you can remove the Ingredient.',
      'The quantity of Ingredient 2 is required, or you can remove the Ingredient.',
    ]);
    expect(result.current.shown(1, 'formula')).toBe(
      'The quantity of Ingredient 2 is required, or you can remove the Ingredient.',
    );
    expect(result.current.firstInvalid()).toBe('ingredients.0.ingredient');
    act(() => result.current.remove(0));
    act(() => result.current.set(0, 'formula', '60'));
    expect(result.current.messages).toEqual([]);
    expect(result.current.values).toEqual([{ ingredient: 'Oats (g)', formula: '60' }]);
  });

  it('shows a touched cell its message, and a server message until that cell changes', () => {
    const { result } = renderHook(() =>
      useRows<Cell>(
        [
          { ingredient: 'Oats (g)', formula: '1' },
          { ingredient: '', formula: '2' },
        ],
        options,
      ),
    );
    act(() => result.current.bind(1, 'ingredient').onBlur());
    expect(result.current.bind(1, 'ingredient').error).toBe(
      'The name of Ingredient 2 is required, or you can remove the Ingredient.',
    );
    act(() => result.current.setServerErrors({ 'ingredients.0.formula': 'Too much.' }));
    expect(result.current.shown(0, 'formula')).toBe('Too much.');
    act(() => result.current.bind(1, 'ingredient').onChange({ target: { value: 'Salt (g)' } }));
    expect(result.current.shown(0, 'formula')).toBe('Too much.');
    act(() => result.current.set(0, 'formula', '2'));
    expect(result.current.shown(0, 'formula')).toBeUndefined();
  });

  it('starts over from new rows on reset', () => {
    const { result } = renderHook(() => useRows<Cell>([blank], options));
    act(() => {
      result.current.attempt();
    });
    act(() =>
      result.current.reset([
        { ingredient: 'Oats (g)', formula: '60' },
        { ingredient: 'Salt (g)', formula: '1' },
      ]),
    );
    expect(result.current.values).toHaveLength(2);
    act(() => result.current.set(1, 'formula', ''));
    expect(result.current.shown(1, 'formula')).toBeUndefined();
  });
});
