import { p } from '@mikro-orm/core';

/** When a row was made, set by the ORM on insert: for a table that keeps no updated_at (see `timestamps()`). */
export const whenCreated = () => p.datetime().onCreate(() => new Date());

/** When a row was made and last changed (Laravel's `timestamps()`: created_at, updated_at), set by the ORM on flush. */
export const timestamps = () => ({
  createdAt: whenCreated(),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
});

/** A DECIMAL(precision, scale) column (Laravel's `decimal()`), read as a JS number: measures and scores, not money. */
export const decimal = (precision: number, scale: number) => p.decimal('number').precision(precision).scale(scale);
