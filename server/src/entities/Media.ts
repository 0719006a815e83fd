import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './User.ts';
import { whenCreated } from './properties.ts';

const MEDIA_KINDS = [
  'progress_photo',
  'page_image',
  'page_video',
  'form_group_video',
  'meal_image',
  'meal_video',
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** An uploaded file, stored under a generated name in the data folder; progress photos are private to their owner. */
export const Media = defineEntity({
  name: 'Media',
  tableName: 'media',
  properties: {
    id: p.integer().primary(),
    kind: p.enum(MEDIA_KINDS),
    /** Path relative to the data folder, e.g. uploads/3f2c….jpg; always generated, never the client's name. */
    path: p.string().length(255).unique(),
    mime: p.string().length(100),
    size: p.integer(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    owner: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    /** A small JPEG of an image (about 240 px), kept in the row so lists show pictures without reading files. */
    thumbnail: p.blob().nullable().lazy(),
    /** The key the member's device made for a progress photo's upload (Idempotency-Key): a resend answers this row. */
    idempotencyKey: p.string().length(64).nullable(),
    createdAt: whenCreated(),
    /** When a data analysis first used this progress photo; null while it waits (and the hourly clean-up may delete it). */
    submittedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['owner', 'idempotencyKey'] }],
  // Only the photos still waiting for a submission (a few per member, none older than a day): the quota's count and the
  // clean-up read this small index instead of every photo ever submitted.
  indexes: [
    {
      name: 'media_unsubmitted_photos_index',
      expression:
        'create index "media_unsubmitted_photos_index" on "media" ("owner_id", "created_at") where "kind" = \'progress_photo\' and "submitted_at" is null',
    },
  ],
});
export type IMedia = InferEntity<typeof Media>;

/** A picture or video a row shows: null for none, and cleared when the file is deleted. */
export const uploadedFile = () => p.manyToOne(Media).nullable().deleteRule('set null');
