import type { InputHTMLAttributes } from 'react';

/** Props of {@link SearchInput}. */
export interface SearchInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'aria-label' | 'value' | 'onChange'> {
  /** What it searches, its accessible name (a search box has no visible label); the placeholder too unless told. */
  label: string;
  value: string;
  /** Called with the text on every change. */
  onSearch: (text: string) => void;
}

/**
 * Renders a search box without a look of its own: each place styles it (`styled(SearchInput)`).
 *
 * @example
 * <SearchField label="Search workflows" placeholder="Search by name or app" value={query} onSearch={setQuery} />
 */
export function SearchInput({ label, placeholder, value, onSearch, ...rest }: SearchInputProps) {
  return (
    <input
      {...rest}
      type="search"
      aria-label={label}
      placeholder={placeholder ?? label}
      value={value}
      onChange={(event) => onSearch(event.target.value)}
    />
  );
}
