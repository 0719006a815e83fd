import { useEffect, useState, type ReactNode } from 'react';
import { SearchIcon } from '../../../components/ui/icons.tsx';

export interface SearchBoxProps {
  /** The input's id (its label points at it). */
  id: string;
  /** The hidden label that names the search for screen readers. */
  label: ReactNode;
  placeholder: string;
  /** The search in the query string now. */
  search: string;
  /** Puts the trimmed text in the query string. */
  onSearch: (search: string) => void;
}

/**
 * An admin list's search form: the text follows the query string's search (back, forward, a link) and goes into it,
 * trimmed, on submit (docs/spec/admin.md §2: every list keeps its search there).
 */
export function SearchBox({ id, label, placeholder, search, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  return (
    <form
      className="toolbar__search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="field__input"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="button button--secondary">
        <SearchIcon /> Search
      </button>
    </form>
  );
}

/** A list's filter in the toolbar: a labelled select whose value lives in the query string ('' for all). */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string | number | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="toolbar__filter">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="field__input" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}
