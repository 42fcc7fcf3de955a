import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` so relative times ("5m ago") stay true while a screen is open. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}
