import type { PageDto } from '@evolution/shared';
import type { IPage } from '../entities/Page.ts';

/** What every answer about a content page starts with, the member's and the admin's alike: the page and its text. */
export function pageText(page: IPage): Pick<PageDto, 'id' | 'title' | 'content' | 'page_category_id'> {
  return { id: page.id, title: page.title, content: page.content, page_category_id: page.category.id };
}
