import { BookOpen } from 'lucide-react';
import { buttonStyles } from '#web/components/ui/button.tsx';
import { developerDocs } from '../lib/links.ts';
import { developerTexts } from '../texts.ts';

/** The quickstart and API reference (/api/docs): a server page, so a plain link. The page's header holds the one landmark. */
export function DocsLinks({ className, landmark = true }: { className?: string; landmark?: boolean }) {
  const Wrapper = landmark ? 'nav' : 'div';
  return (
    <Wrapper aria-label={landmark ? developerTexts.docsLinks : undefined} className={className}>
      <ul className="flex flex-wrap gap-2">
        <li>
          <a href={developerDocs.reference} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
            <BookOpen className="size-4" aria-hidden="true" />
            {developerTexts.apiReference}
          </a>
        </li>
      </ul>
    </Wrapper>
  );
}
