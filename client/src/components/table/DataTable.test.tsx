import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { useListQuery } from '../../pages/admin/common/listQuery.ts';
import { navigate, useHashPath, useHashSearch } from '../../router/hashLocation.ts';
import { DataTable, type Column } from './DataTable.tsx';

interface Person {
  id: number;
  name: string;
  email: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: 'Bea', email: 'bea@example.com' },
  { id: 2, name: 'Ann', email: 'a-very-long-address-that-will-not-fit@example.com' },
  { id: 3, name: 'Cal', email: 'cal@example.com' },
];

const COLUMNS: readonly Column<Person>[] = [
  { key: 'id', label: 'ID', value: (p) => p.id },
  { key: 'name', label: 'Name', value: (p) => p.name },
  { key: 'email', label: 'Email', value: (p) => p.email, truncate: true },
];

function People({ rows }: { rows: Person[] }) {
  const list = useListQuery('/admin/people');
  return (
    <DataTable
      caption="People"
      columns={COLUMNS}
      rows={rows}
      rowKey={(p) => p.id}
      list={list}
      meta={{ current_page: list.page, last_page: 3, total: 7 }}
      pagesLabel="People pages"
      query={{ isPending: false, isError: false, isSuccess: true, data: rows }}
      empty="Nobody here yet."
    />
  );
}

function show(path: string, rows: Person[] = PEOPLE) {
  navigate(path);
  return render(
    <Router hook={useHashPath} searchHook={useHashSearch}>
      <People rows={rows} />
    </Router>,
  );
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

afterEach(() => navigate('/'));

describe('DataTable', () => {
  it('sorts the loaded rows by a heading, keeps the sort in the query string and says so with aria-sort', () => {
    show('/admin/people?page=2');
    expect(names()).toEqual(['Bea', 'Ann', 'Cal']);
    const heading = screen.getByRole('columnheader', { name: 'Name' });
    expect(heading.getAttribute('aria-sort')).toBeNull();

    act(() => fireEvent.click(within(heading).getByRole('button', { name: 'Name' })));
    expect(location.hash).toBe('#/admin/people?page=2&sort=name');
    expect(names()).toEqual(['Ann', 'Bea', 'Cal']);
    expect(heading.getAttribute('aria-sort')).toBe('ascending');

    act(() => fireEvent.click(within(heading).getByRole('button', { name: 'Name' })));
    expect(location.hash).toBe('#/admin/people?page=2&sort=-name');
    expect(names()).toEqual(['Cal', 'Bea', 'Ann']);
    expect(heading.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'ID' }).getAttribute('aria-sort')).toBeNull();
  });

  it('links each page to its place in the query string, keeping the sort', () => {
    show('/admin/people?sort=-id');
    const pages = screen.getByRole('navigation', { name: 'People pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '#/admin/people?sort=-id&page=2',
    );
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '#/admin/people?sort=-id&page=2',
    );
    // Page 1 needs no page in the address; on page 1 there is no previous page to go to.
    expect(within(pages).getByRole('link', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('table', { name: 'People, page 1 of 3, 7 in all' })).toBeTruthy();
  });

  it('cuts a long value to one line with the whole of it in title, reachable by keyboard', () => {
    show('/admin/people');
    const long = PEOPLE[1]!.email;
    const cell = screen.getByRole('cell', { name: long });
    const value = within(cell).getByTitle(long);
    expect(value.tabIndex).toBe(0);
    expect(value.getAttribute('data-full')).toBe(long);
    // A column that is not cut shows its value as it is.
    expect(screen.getByRole('cell', { name: 'Bea' }).querySelector('[title]')).toBeNull();
  });

  it('lands on the last page, replacing the address, when the page asked for lies past it', () => {
    navigate('/admin/elsewhere');
    const before = history.length;
    show('/admin/people?page=99&sort=name');
    expect(history.length).toBe(before + 1);
    expect(location.hash).toBe('#/admin/people?page=3&sort=name');
    expect(screen.getByRole('table', { name: 'People, page 3 of 3, 7 in all' })).toBeTruthy();
  });

  it('says the empty state when the loaded page has no rows', () => {
    show('/admin/people', []);
    expect(screen.getByText('Nobody here yet.')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });
});
