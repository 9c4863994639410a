import { MAX_SEARCH_LENGTH } from '@toolsify/shared/search';

/** The id of the catalog page's search field: Clear filters and the tablet navbar's search link focus it. */
export const CATALOG_SEARCH_ID = 'catalog-search';

/** The catalog's search field (the navbar's and the catalog page's): its text, as typed. */
export function SearchInput({
  id,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className: string;
}) {
  return (
    <input
      id={id}
      type="search"
      name="q"
      value={value}
      maxLength={MAX_SEARCH_LENGTH}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      autoComplete="off"
      enterKeyHint="search"
      className={className}
    />
  );
}
