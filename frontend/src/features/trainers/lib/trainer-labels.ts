import type { AvailabilityStatus, Certification } from '@akhada/contracts';

/** Availability colour: available green, fully_booked amber, unavailable red. */
export function availabilityTone(status: AvailabilityStatus): 'success' | 'warning' | 'danger' {
  switch (status) {
    case 'available':
      return 'success';
    case 'fully_booked':
      return 'warning';
    case 'unavailable':
      return 'danger';
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** Expiry colour of a certification: expired red, expiring within 30 days amber, otherwise none. */
export function expiryTone(state: Certification['expiryState']): 'danger' | 'warning' | null {
  return state === 'expired' ? 'danger' : state === 'expiring' ? 'warning' : null;
}

export function initials(first: string, last: string): string {
  return `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';
}

/** Sunday first, as the product's week runs Sunday to Saturday. */
export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Only owners and admins manage trainers (add, edit, archive, approve, assign). */
export const canManageTrainers = (role: string) => role === 'owner' || role === 'admin';

const rupeesWithPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** A rate in rupees, en-IN: ₹1,200 when whole, ₹950.50 (never ₹950.5) with paise. */
export const formatRupees = (rupees: number): string => (Number.isInteger(rupees) ? wholeRupees : rupeesWithPaise).format(rupees);
