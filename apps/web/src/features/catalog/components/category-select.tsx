import { formatCount } from '@toolsify/shared/money';
import { useCategories } from '../api/get-catalog.ts';

/**
 * One category, or every one: the store's categories with how many tools each holds. A category
 * a link names that the store no longer has stays shown, so the select says what the list shows.
 */
export function CategorySelect({
  value,
  onChange,
  className = 'sm:w-48',
  labelHidden = false,
}: {
  value: string | undefined;
  onChange: (category: string | undefined) => void;
  /** The select's width beside other controls. */
  className?: string;
  /** The label for screen readers only, where the select sits in a row of unlabelled controls ("All categories" says what it is). */
  labelHidden?: boolean;
}) {
  const categories = useCategories().data?.items ?? [];
  // A category in another case is that one (the server lists its tools so).
  const key = value?.toLocaleLowerCase('en-US');
  const selected = categories.find((c) => c.name.toLocaleLowerCase('en-US') === key)?.name ?? value;
  const listed = selected === undefined || categories.some((c) => c.name === selected);
  return (
    <label className="flex w-full flex-col gap-1 text-sm sm:w-auto">
      <span className={labelHidden ? 'sr-only' : 'font-medium'}>Category</span>
      <select
        className={`select select-bordered select-sm w-full ${className}`}
        value={selected ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">All categories</option>
        {categories.map((category) => (
          <option key={category.name} value={category.name}>
            {category.name} ({formatCount(category.tools)})
          </option>
        ))}
        {!listed && <option value={selected}>{selected}</option>}
      </select>
    </label>
  );
}
