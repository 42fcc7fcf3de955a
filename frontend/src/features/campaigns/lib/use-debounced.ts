import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `ms` (compared as JSON, so a rebuilt object of the same content waits no longer). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content, not identity
  }, [key, ms]);
  return settled;
}
