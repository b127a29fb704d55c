import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { shellTexts } from '../../lib/texts.ts';

/** The "← Back to …" link at the top of a page. */
export function BackLink({ to = paths.dashboard, children = shellTexts.backToDashboard }: { to?: string; children?: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-ink-600 hover:text-ink-900">
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
