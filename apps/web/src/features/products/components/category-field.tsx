import { useFormContext } from 'react-hook-form';
import { InputField } from '../../../components/ui/form-field.tsx';
import { useCategories } from '../../catalog/api/get-catalog.ts';

/** An empty category is none (null), not "". */
const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The category of Add a Product and Edit: what the catalog is browsed by. The store's categories
 * are offered as the admin types (another case of one of them is saved as that one); a new name
 * makes a new category. Empty: none.
 */
export function CategoryField({ idPrefix, className = '' }: { idPrefix: string; className?: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<{ category: string | null }>();
  const categories = useCategories().data?.items ?? [];
  const listId = `${idPrefix}-categories`;
  return (
    <>
      <InputField
        id={`${idPrefix}-category`}
        label="Category"
        hint="Buyers browse the catalog by it. Pick one or type a new one; empty: none."
        error={errors.category?.message}
        fieldClassName={className}
        list={listId}
        autoComplete="off"
        placeholder="Power tools"
        {...register('category', { setValueAs: optionalText })}
      />
      <datalist id={listId}>
        {categories.map((category) => (
          <option key={category.name} value={category.name}>
            {category.name}
          </option>
        ))}
      </datalist>
    </>
  );
}
