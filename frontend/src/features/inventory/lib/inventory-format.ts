import type { InventoryCondition, InventoryPriority, InventoryStatus, Role, User } from '@akhada/contracts';
import type { z } from 'zod';
import { dateLocale } from '../../../lib/format';

type Tone = 'success' | 'info' | 'neutral' | 'danger' | 'warning';

export const STATUS_TONE: Record<z.infer<typeof InventoryStatus>, Tone> = {
  active: 'success',
  inactive: 'neutral',
  maintenance: 'warning',
  out_of_service: 'danger',
  disposed: 'neutral',
};
export const CONDITION_TONE: Record<z.infer<typeof InventoryCondition>, Tone> = {
  excellent: 'success',
  good: 'success',
  fair: 'info',
  poor: 'warning',
  needs_repair: 'danger',
};
export const PRIORITY_CLASS: Record<z.infer<typeof InventoryPriority>, string> = {
  low: 'badge--priority-low',
  medium: 'badge--priority-medium',
  high: 'badge--priority-high',
  critical: 'badge--priority-urgent',
};

/** Create, edit, stock, maintenance, dispose and suppliers are the front desk's (owner and admin); a trainer views and assigns. */
export const canManageInventory = (role: Role) => role === 'owner' || role === 'admin';

/** A moment as the item's location reads it (its time zone), in the UI language. */
export function formatAt(value: string, lang: string, timeZone?: string): string {
  return new Date(value).toLocaleString(dateLocale(lang), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    numberingSystem: 'latn',
    ...(timeZone ? { timeZone } : {}),
  });
}

/** The time zone and name of one of the user's locations. */
export function locationOf(user: Pick<User, 'locations'>, locationId: string | null | undefined) {
  return user.locations.find((l) => l._id === locationId) ?? null;
}

/** Today's calendar date (YYYY-MM-DD) in a time zone (the location's), or the browser's without one. */
export function todayIn(timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(new Date());
}
