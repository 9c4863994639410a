import { useId } from 'react';
import { useTypedSearch, type ApplySearch } from '../../lib/use-typed-search.ts';

/**
 * A dashboard list's search box (Manage Products, All Users): applied to the URL after a pause in
 * typing (useTypedSearch), the focus kept in the box; `label` names it for screen readers.
 */
export function ListSearch({
  q,
  onApply,
  label,
  placeholder,
  maxLength,
}: {
  q: string;
  onApply: ApplySearch;
  label: string;
  placeholder: string;
  maxLength: number;
}) {
  const id = useId();
  const { text, setText } = useTypedSearch(q, onApply);
  return (
    <div className="w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input input-bordered input-sm w-full"
        value={text}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );
}
