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
  });
});
