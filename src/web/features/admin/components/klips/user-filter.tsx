import { UserRound, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import type { AdminUser } from '#contracts/admin-users.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/cn.ts';
import { useSearchTerm } from '#web/lib/use-debounced-value.ts';
import { useUserSearch } from '../../api/klips.ts';
import type { GalleryUser } from './gallery-filters.ts';
import { adminTexts } from '../../texts.ts';

/** Typing waits this long before the users are searched. */
export const USER_SEARCH_DEBOUNCE_MS = 300;

/**
 * "Filter by user": a combobox that searches users by email as the admin types and picks one
 * (arrows and Enter, or a click); the pick shows as a chip with a clear button.
 */
export function UserFilter({
  selected,
  selectedLabel,
  onSelect,
}: {
  selected: GalleryUser | null;
  /** What the chip reads: the user's email, or what the screen knows of them. */
  selectedLabel: string;
  onSelect: (user: GalleryUser | null) => void;
}) {
  // Clearing the chip puts the keyboard back in the search box that replaces it.
  const [refocus, setRefocus] = useState(false);

  if (selected) {
    return (
      <div className="flex h-11 min-w-0 items-center gap-2 rounded-xl bg-brand-50 pr-1 pl-3 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset md:w-72">
        <UserRound className="size-4 shrink-0" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate" title={selectedLabel}>
          <span className="sr-only">{adminTexts.gallery.klipsBy} </span>
          {selectedLabel}
        </span>
        <button
          type="button"
          aria-label={adminTexts.gallery.clearUser}
          onClick={() => {
            onSelect(null);
            setRefocus(true);
          }}
          className="grid size-9 shrink-0 place-items-center rounded-lg text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    );
  }
  return <UserSearchBox autoFocus={refocus} onPick={(user) => onSelect({ id: user.id, email: user.email })} />;
}

function UserSearchBox({ autoFocus, onPick }: { autoFocus: boolean; onPick: (user: AdminUser) => void }) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typed = text.trim();
  const search = useSearchTerm(text, USER_SEARCH_DEBOUNCE_MS);
  const query = useUserSearch(search);
  const users = search === '' ? [] : (query.data?.users ?? []);
  const settled = search === typed && !query.isPlaceholderData && !query.isFetching;
  const expanded = open && typed !== '';
  const activeIndex = Math.min(active, users.length - 1);
  const activeUser = expanded ? users[activeIndex] : undefined;
  const optionId = (user: AdminUser) => `${listId}-${user.id}`;

  function pick(user: AdminUser) {
    setText('');
    setOpen(false);
    onPick(user);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (!expanded) return;
      const next = Math.max(0, Math.min(users.length - 1, activeIndex + (e.key === 'ArrowDown' ? 1 : -1)));
      setActive(next);
      const user = users[next];
      if (user) document.getElementById(optionId(user))?.scrollIntoView?.({ block: 'nearest' });
    } else if (e.key === 'Enter') {
      // The filter form has nothing to submit.
      e.preventDefault();
      if (activeUser) pick(activeUser);
    } else if (e.key === 'Escape' && (expanded || text !== '')) {
      e.preventDefault();
      if (expanded) setOpen(false);
      else setText('');
    }
  }

  let status: string | null = null;
  if (query.isError && settled) status = adminTexts.gallery.userSearchFailed;
  else if (!settled && users.length === 0) status = adminTexts.gallery.searchingUsers;
  else if (settled && users.length === 0) status = adminTexts.users.noUsers;

  return (
    <div className="relative min-w-0 md:w-72">
      <UserRound className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-400" aria-hidden="true" />
      <Input
        autoFocus={autoFocus}
        type="text"
        role="combobox"
        aria-label={adminTexts.gallery.userFilter}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={activeUser ? optionId(activeUser) : undefined}
        placeholder={adminTexts.gallery.userPlaceholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="pr-10 pl-10"
      />
      {typed !== '' && !settled && <Spinner size="sm" className="absolute top-1/2 right-3.5 -translate-y-1/2" />}
      {expanded && (
        <div className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-xl border border-ink-200 bg-white shadow-[var(--shadow-pop)]">
          <div id={listId} role="listbox" aria-label={adminTexts.gallery.users} className="max-h-72 overflow-y-auto py-1">
            {users.map((user) => (
              // oxlint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard stays in the box (aria-activedescendant)
              <div
                key={user.id}
                id={optionId(user)}
                role="option"
                tabIndex={-1}
                aria-selected={user === activeUser}
                // Keeps the focus in the box, so picking does not close the list first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(user)}
                onMouseMove={() => setActive(users.indexOf(user))}
                className={cn('flex cursor-pointer flex-col px-3.5 py-2 text-sm', user === activeUser ? 'bg-brand-50' : 'hover:bg-ink-50')}
              >
                <span className="truncate font-medium text-ink-900">{user.email}</span>
                {user.name && <span className="truncate text-xs text-ink-500">{user.name}</span>}
              </div>
            ))}
          </div>
          {status && (
            <p role="status" className="px-3.5 py-3 text-sm text-ink-600">
              {status}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
