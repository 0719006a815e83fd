import { defineEntity, p } from '@mikro-orm/core';
import { timestamps } from './properties.ts';

/**
 * A node of the Aliment tree (the spec's meal groups): Elixirs, Major meals, Minor meals under the root (parent null,
 * shown as parent 0), then Vegan 6, Vegetarian 7, Pescatarian 8, Prep 9 under Major meals and Salads 10, Desserts 11
 * under Minor meals. Ids are fixed by the spec; the tree is seeded and not reshaped by admins.
 */
export const MealGroup = defineEntity({
  name: 'MealGroup',
  tableName: 'meal_groups',
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100),
    /** The parent group's id; null directly under Aliment. */
    parentId: p.integer().nullable().index(),
    /** Order among its siblings. */
    position: p.smallint().default(0),
    ...timestamps(),
  },
});
