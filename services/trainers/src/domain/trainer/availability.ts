import type { AvailabilityStatus } from '@akhada/contracts';

/** Derived, never stored: unavailable when marked off, fully booked when the clients reach the maximum, else available. */
export const availabilityOf = ({
  isAvailable,
  currentClients,
  maxClients,
}: {
  isAvailable: boolean;
  currentClients: number;
  maxClients: number;
}): AvailabilityStatus => (!isAvailable ? 'unavailable' : currentClients >= maxClients ? 'fully_booked' : 'available');

/** "8/15". */
export const clientCapacity = (currentClients: number, maxClients: number): string => `${currentClients}/${maxClients}`;

/** How close a certification is to its expiry on `today` (both 'YYYY-MM-DD'); no expiry date counts as valid. */
export const EXPIRY_WARNING_DAYS = 30;
export const expiryStateOf = (expiryDate: string | null, today: string): 'valid' | 'expiring' | 'expired' => {
  if (expiryDate === null) return 'valid';
  if (expiryDate < today) return 'expired';
  return expiryDate <= addDays(today, EXPIRY_WARNING_DAYS) ? 'expiring' : 'valid';
};

/** A calendar date moved by whole days. */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
