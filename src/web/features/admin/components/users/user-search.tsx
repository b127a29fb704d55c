import { SearchBox } from '#web/components/ui/search-box.tsx';
import { adminTexts } from '../../texts.ts';

const t = adminTexts.users;

/** The search box of the Users tab: email or name; Escape or × clears it. */
export function UserSearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <form role="search" aria-label={t.searchLabel} onSubmit={(e) => e.preventDefault()}>
      <SearchBox value={value} onChange={onChange} label={t.searchLabel} placeholder={t.searchPlaceholder} clearLabel={t.clearSearch} />
    </form>
  );
}
