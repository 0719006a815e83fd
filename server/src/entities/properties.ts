import { p } from '@mikro-orm/core';

/** When a row was made and last changed (Laravel's `timestamps()`: created_at, updated_at), set by the ORM on flush. */
export const timestamps = () => ({
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
});
