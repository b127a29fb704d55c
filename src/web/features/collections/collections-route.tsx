import { PublicPage } from '../../app/public-page.tsx';
import CollectionsPage from './collections-page.tsx';

/** /collections, as the root router loads it (app/router.tsx). */
export default function CollectionsRoute() {
  return (
    <PublicPage>
      <CollectionsPage />
    </PublicPage>
  );
}
