import { type FormEvent, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The catalogue's address for a search: the catalogue page's search parameter (`key`), page 1, no other filter. */
export const searchHref = (term: string) => (term.trim() ? `/products?${new URLSearchParams({ key: term.trim() })}` : '/products');

/**
 * The header's search box (plain React, in the storefront's first load): Enter or the button opens the
 * catalogue searched for the words. On the catalogue it shows the words searched for.
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const current = location.pathname === '/products' ? (new URLSearchParams(location.search).get('key') ?? '') : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchHref(input.current?.value ?? ''));
    input.current?.blur();
  };
  return (
    <search className="store-search" data-testid="store-search">
      <form onSubmit={submit}>
        <input
          // a new search elsewhere (or leaving the catalogue) shows what is searched for now
          key={current}
          ref={input}
          type="search"
          name="key"
          aria-label="Search the shop"
          placeholder="Search the shop"
          defaultValue={current}
          enterKeyHint="search"
          maxLength={100}
        />
        <button type="submit" aria-label="Search" className="store-icon-button">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
    </search>
  );
}
