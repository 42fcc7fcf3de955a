import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the element the address points at (#pricing) once the page has rendered it, and again whenever the
 * hash changes. The browser cannot do it by itself: the section may not exist yet when the address is read.
 */
export function useHashScroll(ready: boolean) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const frame = requestAnimationFrame(() => target.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [ready, hash, key]);
}
