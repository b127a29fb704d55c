import { StrictMode } from 'react';
import { prerender as prerenderToStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppTree } from './app/app.tsx';

/**
 * The HTML of a page as the app first draws it for a visitor, lazy chunks included: built into
 * the landing page's HTML at build time (scripts/web-build.ts) so its headline and pictures paint
 * before the JavaScript arrives; main.tsx hydrates it. Same tree as main.tsx, in a static router.
 */
export async function prerender(location: string): Promise<string> {
  const { prelude } = await prerenderToStream(
    <StrictMode>
      <StaticRouter location={location}>
        <AppTree />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
