/**
 * Page texts are Markdown since admins edit them. The texts seeded before were plain text, which Markdown reads
 * differently (a title line runs into its paragraph, a line after a list joins the list), so the seeded pages were
 * rewritten.
 * A fresh database gets the Markdown texts from the seed; an existing one gets them here, at start, for every seeded
 * page whose text is still exactly the old seed (an admin's own edit is never overwritten). Idempotent: once
 * rewritten, the old checksum no longer matches.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { MACRO_GUIDELINES_CATEGORY } from '../services/macros.ts';
import { db, now } from './kysely.ts';
import { MACRO_GUIDELINES } from './nutrition.ts';
import { PAGES } from './programme.ts';

/** Seeded page id → md5 of the plain text it held before the Markdown rewrite. */
const PLAIN_TEXT_MD5: Record<number, string> = {
  1: '384790b0c79376335833e76ccab84fe0',
  11: '3699034383bb6207a034e23227196203',
  12: 'cc0a2ce97b27f5479b03adc8b529d44b',
  13: 'ab18611713f20aac9d8ad9a01085e55e',
  14: '2203c70b2f69c752640155242aafeb9d',
  15: '8ef02eb4de24286dbb9c94eb3cc5e8f5',
  16: '4aea40e10bdfdc4f9eacf8172cbd8164',
  17: '414eedcb9a812dd1832d07cac9ab04e5',
  18: '03af2b27ecc27e8018525bdd0057e221',
  21: '9d633061b93768bcb005579c675f070a',
  23: 'bbc14b046600a8672d806860a23c1639',
  31: '9d633061b93768bcb005579c675f070a',
  32: '536e7d2357fbc9c23deea5b2fc555fcd',
  33: '6641ee948181f453d70b658bf05397d2',
  34: 'a2a2118718aeff2c3c7ac2f67f5abea6',
  36: '876b1a27fcfdb877db504d46cc304a25',
  38: 'dea13ff729e278afbef6ead7900a5ed0',
  39: 'bbc14b046600a8672d806860a23c1639',
  41: '9d633061b93768bcb005579c675f070a',
  42: '7a8c387420b56c2fdb7ca1d8177a31f3',
  43: '98a979ce1ba2f1d75a0fc3ca9adc7db8',
  44: 'a40ade6c1d9c56d6e4444c7cf6ec040b',
  46: '876b1a27fcfdb877db504d46cc304a25',
  48: 'dea13ff729e278afbef6ead7900a5ed0',
  49: 'bbc14b046600a8672d806860a23c1639',
  51: '9d633061b93768bcb005579c675f070a',
  52: '164f1636b894e75527a4025ae469ec8b',
  53: 'eb67eaef4f63179380659cac693eb373',
  54: '36ca5ae857abb31a5774ccd714e838a4',
  56: '876b1a27fcfdb877db504d46cc304a25',
  58: 'dea13ff729e278afbef6ead7900a5ed0',
  59: 'bbc14b046600a8672d806860a23c1639',
  61: '9d633061b93768bcb005579c675f070a',
  62: 'b6e4bc63a4e7cf64c26f40c4700da03a',
  63: 'b2354f198f30996061517b1933207389',
  64: '2de7307a20cb6a86c99ec532f277cb3c',
  66: '876b1a27fcfdb877db504d46cc304a25',
  68: 'dea13ff729e278afbef6ead7900a5ed0',
  69: 'bbc14b046600a8672d806860a23c1639',
};
/** md5 of the macro guidelines page's plain text (its id is not fixed: it is found by its category). */
const MACRO_GUIDELINES_PLAIN_MD5 = '14e740160cecf39d93a0db16c63387ba';

/** Rewrites the still-untouched plain-text seeded pages as Markdown; answers how many pages changed. */
export async function upgradeSeededPageTexts(em: EntityManager): Promise<number> {
  return em.transactional(async (tx) => {
    let changed = 0;
    for (const page of PAGES) {
      const before = PLAIN_TEXT_MD5[page.id];
      if (!before) continue;
      const res = await db(tx)
        .updateTable('pages')
        .set({ content: page.content, updated_at: now() })
        .where('id', '=', page.id)
        .where((eb) => eb(eb.fn<string>('md5', ['content']), '=', before))
        .executeTakeFirst();
      changed += Number(res.numUpdatedRows);
    }
    const res = await db(tx)
      .updateTable('pages')
      .set({ content: MACRO_GUIDELINES.content, updated_at: now() })
      .where((eb) => eb(eb.fn<string>('md5', ['content']), '=', MACRO_GUIDELINES_PLAIN_MD5))
      .where('category_id', 'in', (eb) =>
        eb.selectFrom('page_categories').select('id').where('slug', '=', MACRO_GUIDELINES_CATEGORY),
      )
      .executeTakeFirst();
    return changed + Number(res.numUpdatedRows);
  });
}
