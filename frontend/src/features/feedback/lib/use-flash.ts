import { useEffect, useState } from 'react';

/** A banner message that clears itself after `ms` (spec: feedback's success and error banners clear after 5 s). */
export function useFlash(ms = 5000) {
  const [flash, setFlash] = useState<{ tone: 'success' | 'error'; text: string; n: number } | null>(null);
  useEffect(() => {
    if (!flash) return;
    const id = setTimeout(() => setFlash(null), ms);
    return () => clearTimeout(id);
  }, [flash, ms]);
  return {
    flash,
    success: (text: string) => setFlash((f) => ({ tone: 'success', text, n: (f?.n ?? 0) + 1 })),
    error: (text: string) => setFlash((f) => ({ tone: 'error', text, n: (f?.n ?? 0) + 1 })),
    clear: () => setFlash(null),
  };
}

/** Hours since an instant. */
export const ageHours = (iso: string, now = Date.now()) => Math.max(0, (now - Date.parse(iso)) / 3_600_000);

/** How long a ticket may stay without a response before it is overdue, by priority (hours). */
export const SLA_HOURS: Record<string, number> = { urgent: 4, high: 24, medium: 48, low: 72 };
