/**
 * The demo's videos (embedded demo only): three short clips made by scripts/demo-videos.sh and kept beside this file,
 * stored as admin uploads are (a media row, the file in the uploads' store) and attached to the introduction pages and
 * a few form groups that have no video of their own, so the players and the HTTP range answers have something to play.
 */
import { readFile } from 'node:fs/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { INTRODUCTION_PAGE } from '@evolution/shared';
import { FormGroup, Media, Page } from '../entities/index.ts';
import { uploadStorage, type StorageSettings } from '../services/storage.ts';

const CLIPS = {
  introduction: { kind: 'page_video', pages: Object.values(INTRODUCTION_PAGE), formGroups: [] },
  push: { kind: 'form_group_video', pages: [], formGroups: [1] },
  squat: { kind: 'form_group_video', pages: [], formGroups: [3] },
} as const;

/** The clip's file in the uploads' store and its media row. */
async function storeClip(em: EntityManager, config: StorageSettings, name: keyof typeof CLIPS, path: string) {
  const data = await readFile(new URL(`demo-media/${name}.mp4`, import.meta.url));
  await uploadStorage(config).put(path, data, 'video/mp4');
  return em.create(Media, {
    kind: CLIPS[name].kind,
    path,
    mime: 'video/mp4',
    size: data.length,
    width: null,
    height: null,
    owner: null,
    thumbnail: null,
  });
}

/**
 * Attaches each clip, the first time only, to the introduction pages and form groups that have neither a video nor a
 * link: once its row exists the clip was seeded, and a coach's later choice (another video, none) stands.
 */
export async function seedDemoVideos(em: EntityManager, config: StorageSettings): Promise<void> {
  for (const name of Object.keys(CLIPS) as (keyof typeof CLIPS)[]) {
    const path = `uploads/demo-${name}.mp4`;
    if (await em.count(Media, { path })) continue;
    const { pages, formGroups } = CLIPS[name];
    const bare = { video: null, $or: [{ videoLink: null }, { videoLink: '' }] };
    const [pageRows, groupRows] = await Promise.all([
      em.find(Page, { id: { $in: [...pages] }, ...bare }),
      em.find(FormGroup, { id: { $in: [...formGroups] }, ...bare }),
    ]);
    if (!pageRows.length && !groupRows.length) continue;
    const media = await storeClip(em, config, name, path);
    for (const row of [...pageRows, ...groupRows]) row.video = media;
  }
  await em.flush();
}
