import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { uploadedFile } from './Media.ts';
import { MuscleGroup } from './MuscleGroup.ts';
import { PageCategory } from './PageCategory.ts';
import { PhaseClass } from './PhaseClass.ts';
import { contentChanged } from './contentChanged.ts';
import { timestamps } from './properties.ts';

/** A content page; with a phase class it is a phase of a track, run in `position` order within its category. */
export const Page = defineEntity({
  name: 'Page',
  tableName: 'pages',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary(),
    title: p.string().length(255),
    content: p.text(),
    category: () => p.manyToOne(PageCategory).index(),
    phaseClass: () => p.manyToOne(PhaseClass).nullable().deleteRule('set null'),
    muscleGroup: () => p.manyToOne(MuscleGroup).nullable().deleteRule('set null'),
    /** Overrides the phase class preset: chunk, repeats, and form_groups (ids, in order) for exercise phases. */
    preset: p.json<Record<string, unknown>>().nullable(),
    /** Order within the category; for a phase, its place in the version (phase 1..n). */
    position: p.smallint().default(0),
    videoLink: p.string().length(255).nullable(),
    video: uploadedFile,
    image: uploadedFile,
    ...timestamps(),
  },
});
export type IPage = InferEntity<typeof Page>;
