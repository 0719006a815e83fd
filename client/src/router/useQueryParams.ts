import { useSearch } from 'wouter';

/** The current query string (inside the hash) as URLSearchParams. */
export function useQueryParams(): URLSearchParams {
  return new URLSearchParams(useSearch());
}
