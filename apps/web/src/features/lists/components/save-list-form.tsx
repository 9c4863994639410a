import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { toast } from 'react-hot-toast';
import type { CartLine } from '@toolsify/shared/cart-lines';
import { MAX_LIST_NAME_LENGTH } from '@toolsify/shared/lists';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveList } from '../api/lists.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';

/**
 * The cart's "Save as a list": the lines as they are, under a name, to put back in the cart in
 * one click from My Lists ("Site kit", "Monthly consumables"). The server's refusal (a name the
 * buyer has given another list, the 50 lists) is said under the field.
 */
export function SaveListForm({ lines }: { lines: readonly CartLine[] }) {
  const id = useId();
  const [name, setName] = useState('');
  const save = useSaveList();
  const problem =
    save.error instanceof ApiError ? (save.error.fields.name ?? save.error.message) : save.error ? 'Could not save the list.' : null;
  const oneAtATime = useOneAtATime();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A double click saves once (the second would be refused: the name is taken, by this very list).
    oneAtATime(async () => {
      // A refusal is said under the field, from the mutation's state.
      const list = await save.mutateAsync({ name, lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })) }).catch(() => null);
      if (!list) return;
      setName('');
      toast.success(`Saved as "${list.name}": My Lists puts it back in the cart.`);
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2 border-t border-base-300 pt-4" aria-label="Save as a list">
      <label htmlFor={`${id}-name`} className="text-sm font-medium">
        Save these lines as a list{' '}
        <span className="font-normal text-base-content/70">
          (to order them again in one click, from{' '}
          <Link href="~/dashboard/lists" className="link">
            My Lists
          </Link>
          )
        </span>
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-name`}
          className={`input input-bordered input-sm min-w-0 flex-1 ${problem ? 'input-error' : ''}`}
          value={name}
          maxLength={MAX_LIST_NAME_LENGTH}
          placeholder="Site kit"
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            if (save.isError) save.reset();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn-sm btn-outline" disabled={save.isPending || name.trim() === ''}>
          {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Save list
        </button>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
    </form>
  );
}
