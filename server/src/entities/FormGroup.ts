import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { ExerciseType } from './ExerciseType.ts';
import { uploadedFile } from './Media.ts';
import { contentChanged } from './contentChanged.ts';
import { timestamps } from './properties.ts';

/** A ladder of forms for one movement pattern (push, pull, squat…); the member stands on one form of each. */
export const FormGroup = defineEntity({
  name: 'FormGroup',
  tableName: 'form_groups',
  triggers: [contentChanged],
  properties: {
    id: p.integer().primary(),
    name: p.string().length(100),
    exerciseType: () => p.manyToOne(ExerciseType),
    /** Video id or link on the configured video host. */
    videoLink: p.string().length(255).nullable(),
    video: uploadedFile,
    ...timestamps(),
  },
});
export type IFormGroup = InferEntity<typeof FormGroup>;
