import type { PaymentCategory, PaymentMethod, PaymentStatus } from '@akhada/contracts';
import type { z } from 'zod';

export interface PaymentListParams {
  status?: z.infer<typeof PaymentStatus>;
  category?: z.infer<typeof PaymentCategory>;
  method?: PaymentMethod;
  member?: string;
  trainer?: string;
  search?: string;
  startDate?: string;
  endDate?: string;
  sortBy?: 'createdAt' | 'paidAt' | 'dueDate' | 'totalAmount' | 'status';
  sortOrder?: 'asc' | 'desc';
  page: number;
  limit: number;
}

/**
 * The payments cache keys, the one factory for them (in `lib`: member detail, trainer earnings and My payments read
 * payments too). Everything is under ['payments'], so any payment change refreshes every payments screen.
 */
export const paymentKeys = {
  all: ['payments'] as const,
  list: (p: PaymentListParams) => ['payments', 'list', p] as const,
  detail: (id: string) => ['payments', 'detail', id] as const,
  overview: ['payments', 'overview'] as const,
  analytics: (p: { period: string; startDate?: string; endDate?: string }) => ['payments', 'analytics', p] as const,
  pending: (page: number) => ['payments', 'pending', page] as const,
  renewals: (days: number) => ['payments', 'renewals', days] as const,
  salaries: (month: number, year: number) => ['payments', 'salaries', { month, year }] as const,
  reports: (p: { startDate?: string; endDate?: string }) => ['payments', 'reports', p] as const,
  member: (id: string, page: number) => ['payments', 'member', id, page] as const,
  trainer: (id: string, page: number) => ['payments', 'trainer', id, page] as const,
  invoices: (p: { search?: string; memberId?: string; page: number }) => ['payments', 'invoices', p] as const,
  razorpayStatus: ['payments', 'razorpay-status'] as const,
  /** Each location's GST registration (Settings → Gym edits it; the add-member and renewal forms price plans with it). */
  taxSettings: ['payments', 'tax-settings'] as const,
};
