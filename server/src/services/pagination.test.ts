import { describe, expect, it } from 'vitest';
import { paginate } from './pagination.ts';

describe('paginate', () => {
  it("shapes a middle page as Laravel's paginator does", () => {
    const page = paginate({ items: ['k', 'l'], total: 22, page: 2, perPage: 10 }, 'http://x/api/admin/admin', {
      search: 'an',
    });
    expect(page.meta).toEqual({
      current_page: 2,
      from: 11,
      last_page: 3,
      links: [
        { url: 'http://x/api/admin/admin?search=an&page=1', label: '&laquo; Previous', active: false },
        { url: 'http://x/api/admin/admin?search=an&page=1', label: '1', active: false },
        { url: 'http://x/api/admin/admin?search=an&page=2', label: '2', active: true },
        { url: 'http://x/api/admin/admin?search=an&page=3', label: '3', active: false },
        { url: 'http://x/api/admin/admin?search=an&page=3', label: 'Next &raquo;', active: false },
      ],
      per_page: 10,
      to: 12,
      total: 22,
      path: 'http://x/api/admin/admin',
    });
    expect(page.links).toEqual({
      first: 'http://x/api/admin/admin?search=an&page=1',
      last: 'http://x/api/admin/admin?search=an&page=3',
      prev: 'http://x/api/admin/admin?search=an&page=1',
      next: 'http://x/api/admin/admin?search=an&page=3',
    });
  });
  it('has one last page, null from/to and no prev/next when empty', () => {
    const page = paginate({ items: [], total: 0, page: 1, perPage: 10 }, '/p');
    expect(page.meta).toMatchObject({ from: null, to: null, last_page: 1, total: 0 });
    expect([page.links.prev, page.links.next]).toEqual([null, null]);
    expect(page.meta.links).toEqual([
      { url: null, label: '&laquo; Previous', active: false },
      { url: '/p?page=1', label: '1', active: true },
      { url: null, label: 'Next &raquo;', active: false },
    ]);
  });
  // Laravel's UrlWindow with onEachSide 3: every page below 14 pages, else first pages, a window and last pages.
  const labels = (page: number, total: number) =>
    paginate({ items: [], total: total * 10, page, perPage: 10 }, '/p')
      .meta.links.slice(1, -1)
      .map((l) => l.label)
      .join(' ');
  it("leaves pages out as Laravel's linkCollection does", () => {
    expect(labels(1, 13)).toBe('1 2 3 4 5 6 7 8 9 10 11 12 13');
    expect(labels(1, 14)).toBe('1 2 3 4 5 6 7 8 9 10 ... 13 14');
    expect(labels(7, 20)).toBe('1 2 3 4 5 6 7 8 9 10 ... 19 20');
    expect(labels(8, 20)).toBe('1 2 ... 5 6 7 8 9 10 11 ... 19 20');
    expect(labels(13, 20)).toBe('1 2 ... 10 11 12 13 14 15 16 ... 19 20');
    expect(labels(14, 20)).toBe('1 2 ... 11 12 13 14 15 16 17 18 19 20');
    expect(labels(50, 20)).toBe('1 2 ... 11 12 13 14 15 16 17 18 19 20');
    const dots = paginate({ items: [], total: 200, page: 10, perPage: 10 }, '/p').meta.links.filter(
      (l) => l.label === '...',
    );
    expect(dots).toEqual([
      { url: null, label: '...', active: false },
      { url: null, label: '...', active: false },
    ]);
  });
});
