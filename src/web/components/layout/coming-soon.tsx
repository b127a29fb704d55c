import { Link } from 'react-router';
import { buttonStyles } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { paths } from '../../lib/paths.ts';

/** A registered route whose screen arrives with a later release. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <Card className="p-8 text-center">
        <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
        <p className="mt-2 text-ink-600">{description}</p>
        <p className="mt-6 text-sm text-ink-500">This screen is on its way.</p>
        <Link to={paths.dashboard} className={buttonStyles({ variant: 'secondary', className: 'mt-6' })}>
          Back to dashboard
        </Link>
      </Card>
    </main>
  );
}
