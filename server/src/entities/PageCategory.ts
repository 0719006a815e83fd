import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { contentChanged } from './contentChanged.ts';
import { timestamps } from './properties.ts';

/**
 * A node of the content tree: Introduction, Warrior → Calibration (a track), Technique guides (id 4),
 * General (a track) → Version 1..V. A track's phases are the pages of its category (or of its version categories).
 */
export const PageCategory = defineEntity({
  name: 'PageCategory',
  tableName: 'page_categories',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary(),
    name: p.string().length(150),
    /** The parent category's id; null for a root. Kept as a plain column: the tree is seeded and never reshaped. */
    parentId: p.integer().nullable().index(),
    /** Stable key for code to find a category by: 'calibration' and 'general' are the warrior tracks. */
    slug: p.string().length(64).nullable().unique(),
    /** Version number for the version categories under General. */
    version: p.smallint().nullable(),
    ...timestamps(),
  },
});
export type IPageCategory = InferEntity<typeof PageCategory>;
