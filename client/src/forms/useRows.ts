import { useRef, useState } from 'react';

// Repeated rows on top of useForm (the meal's ingredients): the plain fields stay in useForm, the rows live here with
// the same habits: rule messages once a cell is touched or after a submit attempt, server messages until edited.

/** One row with a key that survives removals (React's list key and the touch marks). */
export interface Row<C extends string> {
  key: number;
  values: Record<C, string>;
}

export type RowErrors<C extends string> = Partial<Record<C, string>>;

export interface RowsOptions<C extends string> {
  /** The cells of a new row. */
  blank: Record<C, string>;
  /** The most rows the form takes. */
  max: number;
  /** Each row's rule messages, in row order. */
  validate: (rows: readonly Record<C, string>[]) => RowErrors<C>[];
  /** The field name of a cell, e.g. `ingredients.0.formula`: the server's 422 key and the input's name. */
  name: (index: number, cell: C) => string;
}

/** A row list with one more row at the end, unless it is full. */
export function addRow<C extends string>(
  rows: readonly Row<C>[],
  blank: Record<C, string>,
  max: number,
  key: number,
): Row<C>[] {
  return rows.length >= max ? [...rows] : [...rows, { key, values: { ...blank } }];
}

/** A row list without the row at `index`. */
export function removeRow<C extends string>(rows: readonly Row<C>[], index: number): Row<C>[] {
  return rows.filter((_, i) => i !== index);
}

/** A row list with one cell changed. */
export function updateCell<C extends string>(rows: readonly Row<C>[], index: number, cell: C, value: string): Row<C>[] {
  return rows.map((row, i) => (i === index ? { ...row, values: { ...row.values, [cell]: value } } : row));
}

/** The server's messages for the rows (first per cell), by row index, read from keys named like `name(i, cell)`. */
export function rowServerErrors<C extends string>(
  errors: Record<string, string>,
  count: number,
  cells: readonly C[],
  name: (index: number, cell: C) => string,
): RowErrors<C>[] {
  return Array.from({ length: count }, (_, i) => {
    const out: RowErrors<C> = {};
    for (const cell of cells) {
      const message = errors[name(i, cell)];
      if (message) out[cell] = message;
    }
    return out;
  });
}

export interface RowsState<C extends string> {
  rows: readonly Row<C>[];
  /** The rows' values, in order, as the form sends them. */
  values: Record<C, string>[];
  /** Every current rule failure by row, shown or not. */
  errors: RowErrors<C>[];
  /** Every current rule message, row by row: the text of the form's notification. */
  messages: string[];
  canAdd: boolean;
  add(): void;
  remove(index: number): void;
  set(index: number, cell: C, value: string): void;
  /** The message to show for a cell: its rule once touched or after a submit attempt, else a server message until edited. */
  shown(index: number, cell: C): string | undefined;
  /** Props for a TextField. */
  bind(
    index: number,
    cell: C,
  ): {
    name: string;
    value: string;
    error: string | undefined;
    onChange: (e: { target: { value: string } }) => void;
    onBlur: () => void;
  };
  /** Marks a submit attempt; true when no row has a rule message. */
  attempt(): boolean;
  /** The field name of the first cell with a message, to focus; null when there is none. */
  firstInvalid(): string | null;
  /** The server's 422 messages (keys as `name` builds them), shown until the cell changes. */
  setServerErrors(errors: Record<string, string>): void;
  reset(rows: readonly Record<C, string>[]): void;
}

/** Repeated rows of text cells: add (up to `max`), remove, edit a cell, and the per-row messages. */
export function useRows<C extends string>(
  initial: readonly Record<C, string>[],
  { blank, max, validate, name }: RowsOptions<C>,
): RowsState<C> {
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<Row<C>[]>(() => initial.map((values, key) => ({ key, values: { ...values } })));
  const [touched, setTouched] = useState<Record<number, Partial<Record<C, boolean>>>>({});
  const [submitted, setSubmitted] = useState(false);
  // Server messages are kept by row key, so they stay on their row while others are edited.
  const [server, setServer] = useState<Record<number, RowErrors<C>>>({});

  const values = rows.map((r) => r.values);
  const errors = validate(values);
  const cells = Object.keys(blank) as C[];

  const shown = (index: number, cell: C) => {
    const row = rows[index];
    if (!row) return undefined;
    return ((submitted || touched[row.key]?.[cell]) && errors[index]?.[cell]) || server[row.key]?.[cell] || undefined;
  };
  const set = (index: number, cell: C, value: string) => {
    const key = rows[index]?.key;
    setRows((current) => updateCell(current, index, cell, value));
    if (key !== undefined) setServer((s) => (s[key]?.[cell] ? { ...s, [key]: { ...s[key], [cell]: undefined } } : s));
  };

  return {
    rows,
    values,
    errors,
    messages: errors.flatMap((e) => cells.map((c) => e[c]).filter((m): m is string => Boolean(m))),
    canAdd: rows.length < max,
    add() {
      setRows((current) => addRow(current, blank, max, nextKey.current++));
    },
    remove(index) {
      setRows((current) => removeRow(current, index));
      // The messages name rows by number, and the numbers after this one have just changed.
      setServer({});
    },
    set,
    shown,
    bind: (index, cell) => ({
      name: name(index, cell),
      value: rows[index]?.values[cell] ?? '',
      error: shown(index, cell),
      onChange: (e) => set(index, cell, e.target.value),
      onBlur: () => {
        const key = rows[index]?.key;
        if (key !== undefined) setTouched((t) => (t[key]?.[cell] ? t : { ...t, [key]: { ...t[key], [cell]: true } }));
      },
    }),
    attempt() {
      setSubmitted(true);
      return errors.every((e) => cells.every((c) => !e[c]));
    },
    firstInvalid() {
      for (const [i, e] of errors.entries()) for (const c of cells) if (e[c]) return name(i, c);
      return null;
    },
    setServerErrors(messages) {
      const byIndex = rowServerErrors(messages, rows.length, cells, name);
      setServer(Object.fromEntries(rows.map((row, i) => [row.key, byIndex[i] ?? {}])));
    },
    reset(next) {
      nextKey.current = next.length;
      setRows(next.map((v, key) => ({ key, values: { ...v } })));
      setTouched({});
      setSubmitted(false);
      setServer({});
    },
  };
}
