import { shellTexts } from '../../lib/texts.ts';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { paths } from '../../lib/paths.ts';
import { CreateSuperAdminForm } from './components/create-super-admin-form.tsx';
import { authTexts } from './texts.ts';

/** /auth/create-super-admin, for signed-in super admins only (inside the app shell). */
export default function CreateSuperAdminPage() {
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 sm:py-12">
      <title>{shellTexts.pageTitle(authTexts.superAdminHeading)}</title>
      <Link
        to={paths.superAdmin}
        className="inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-ink-600 hover:text-ink-900"
      >
        <span aria-hidden="true">←</span> {authTexts.backToGodMode}
      </Link>
      <Card className="mt-4 p-5 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink-900">{authTexts.superAdminHeading}</h1>
        <p className="mt-1.5 mb-6 text-sm text-ink-600">{authTexts.superAdminIntro}</p>
        <CreateSuperAdminForm />
      </Card>
    </main>
  );
}
