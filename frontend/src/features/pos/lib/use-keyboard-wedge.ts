import { useEffect, useRef } from 'react';

/** Keys closer together than this are a scanner typing, not a person. */
const MAX_GAP_MS = 40;
const MIN_LENGTH = 4;

/**
 * A USB barcode scanner is a keyboard ("keyboard wedge"): it types the code fast and presses Enter. When the focus is
 * in no text field, such a burst is caught here and handed to `onCode` (in the code field, the field's own Enter does
 * it). Slow typing is ignored.
 */
export function useKeyboardWedge(onCode: (code: string) => void) {
  const handler = useRef(onCode);
  handler.current = onCode;
  useEffect(() => {
    let buffer = '';
    let last = 0;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
      if (e.ctrlKey || e.altKey || e.metaKey) return;
      const now = e.timeStamp || performance.now();
      if (now - last > MAX_GAP_MS) buffer = '';
      last = now;
      if (e.key === 'Enter') {
        if (buffer.length >= MIN_LENGTH) {
          e.preventDefault();
          handler.current(buffer);
        }
        buffer = '';
      } else if (e.key.length === 1 && /[0-9A-Za-z-]/.test(e.key)) {
        buffer += e.key;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
