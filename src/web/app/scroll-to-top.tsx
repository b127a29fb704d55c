import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** New pages start at the top; back/forward keeps the browser's own restoration. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Runs on purpose whenever the path changes, although the effect does not read it.
    window.scrollTo(0, 0);
    // oxlint-disable-next-line react/exhaustive-effect-dependencies
  }, [pathname]);
  return null;
}
