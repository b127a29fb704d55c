import { PublicPage } from '../../app/public-page.tsx';
import SharePage from './share-page.tsx';

/** /share/:id, as the root router loads it (app/router.tsx). */
export default function ShareRoute() {
  return (
    <PublicPage>
      <SharePage />
    </PublicPage>
  );
}
