import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A page the app moves to starts at the top. The first page is the browser's: a visitor who
 * scrolled a prerendered page before the app started stays where they are.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
