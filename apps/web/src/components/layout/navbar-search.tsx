import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { SearchInput } from '../ui/search-input.tsx';
import { Icon } from '../ui/icon.tsx';

/** The catalog search in the navigation bar: Enter (or the button) opens /tools with the words. */
export function NavbarSearch({ className = '' }: { className?: string }) {
  const id = useId();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    navigate(words ? `/tools?${new URLSearchParams({ q: words }).toString()}` : '/tools');
    setText('');
  };
  return (
    // A plain GET to /tools too: the home page's bar comes in its HTML (docs/decisions/017), and a
    // search sent before the app has started still lands on the catalog with its words.
    <form role="search" aria-label="Search tools" action="/tools" method="get" onSubmit={onSubmit} className={className}>
      <label htmlFor={id} className="sr-only">
        Search tools
      </label>
      <div className="join w-full">
        <SearchInput
          id={id}
          value={text}
          onChange={setText}
          placeholder="Search tools or SKU"
          className="input input-bordered input-sm join-item w-full"
        />
        <button type="submit" className="btn btn-primary btn-sm join-item" aria-label="Search">
          <Icon name="search" className="h-4 w-4" />
        </button>
      </div>
    </form>
  );
}
