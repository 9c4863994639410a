import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useFilteredTool, useToolSuggestions } from '../api/find-tools.ts';

/** How long typing pauses before the tools are looked up (ms). */
const LOOKUP_PAUSE = 250;

/**
 * Manage All Orders' tool filter: a box that offers the catalog's tools matching what is typed
 * (a combobox: arrows move, Enter picks, Escape closes); the picked tool shows as a chip with a
 * button that clears it.
 */
export function ToolFilter({ toolId, onChange }: { toolId: number | undefined; onChange: (toolId: number | undefined) => void }) {
  const id = useId();
  const tool = useFilteredTool(toolId);

  if (toolId !== undefined) {
    const name = tool.data ?? (tool.isError ? `Tool #${toolId}` : 'Loading…');
    return (
      <div className="flex flex-col gap-1 text-sm">
        <span className="font-medium" id={`${id}-label`}>
          Tool
        </span>
        <div
          className="flex min-h-8 items-center justify-between gap-2 rounded-field border border-primary/40 bg-primary/5 py-1 pl-3 pr-1"
          role="group"
          aria-labelledby={`${id}-label`}
          data-testid="tool-filter-chip"
        >
          <span className="min-w-0 truncate" title={name}>
            {name}
          </span>
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => onChange(undefined)} aria-label="Clear the tool filter">
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
    );
  }
  return <ToolCombobox id={id} onPick={onChange} />;
}

function ToolCombobox({ id, onPick }: { id: string; onPick: (toolId: number) => void }) {
  const [text, setText] = useState('');
  const [words, setWords] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setWords(text.trim()), LOOKUP_PAUSE);
    return () => clearTimeout(timer);
  }, [text]);
  const suggestions = useToolSuggestions(words);
  const tools = words ? (suggestions.data?.items ?? []) : [];
  const listId = `${id}-tools`;
  const showList = open && words !== '' && (tools.length > 0 || suggestions.isFetched);

  const pick = (toolId: number) => {
    setOpen(false);
    setText('');
    onPick(toolId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (tools.length > 0) setActive((n) => (n + (event.key === 'ArrowDown' ? 1 : tools.length - 1)) % tools.length);
    } else if (event.key === 'Enter') {
      const chosen = tools[active];
      if (showList && chosen) {
        event.preventDefault();
        pick(chosen.id);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="relative flex flex-col gap-1 text-sm">
      <label htmlFor={`${id}-input`} className="font-medium">
        Tool
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && tools[active] ? `${listId}-${tools[active].id}` : undefined}
        className="input input-bordered input-sm w-full"
        placeholder="Name or SKU"
        autoComplete="off"
        maxLength={200}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <div
          id={listId}
          role="listbox"
          aria-label="Tools"
          className="absolute left-0 right-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
        >
          {tools.length === 0 ? (
            <div role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-base-content/70">
              No tool matches “{words}”
            </div>
          ) : (
            tools.map((tool, n) => (
              <div
                key={tool.id}
                id={`${listId}-${tool.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={n === active}
                className={`flex cursor-pointer flex-col rounded-field px-3 py-2 ${n === active ? 'bg-primary/10' : 'hover:bg-base-200'}`}
                // Before the box's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(tool.id);
                }}
                onMouseEnter={() => setActive(n)}
              >
                <span className="font-medium">{tool.name}</span>
                <span className="font-mono text-xs text-base-content/60">{tool.sku}</span>
              </div>
            ))
          )}
        </div>
      )}
    </div>
  );
}
