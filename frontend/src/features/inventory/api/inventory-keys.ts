import type { InventoryCategory, InventoryCondition, InventoryStatus } from '@akhada/contracts';
import type { z } from 'zod';

export interface InventoryListParams {
  category?: z.infer<typeof InventoryCategory>;
  status?: z.infer<typeof InventoryStatus>;
  condition?: z.infer<typeof InventoryCondition>;
  locationId?: string;
  isLowStock?: 'true' | 'false';
  search?: string;
  sort?: 'name' | 'quantity' | 'updatedAt';
  page: number;
  limit: number;
}

/**
 * The inventory screens' cache keys, the one factory for them. Everything is under ['inventory'], so any stock change
 * refreshes the list, the item, its history, the alerts and the totals at once.
 */
export const inventoryKeys = {
  all: ['inventory'] as const,
  dashboard: (locationId: string | null) => ['inventory', 'dashboard', locationId] as const,
  analytics: (period: string, locationId: string | null) => ['inventory', 'analytics', { period, locationId }] as const,
  list: (p: InventoryListParams) => ['inventory', 'list', p] as const,
  detail: (id: string) => ['inventory', 'detail', id] as const,
  movements: (id: string, page: number) => ['inventory', 'movements', id, page] as const,
  lowStock: (locationId: string | null) => ['inventory', 'alerts', 'low-stock', locationId] as const,
  expiring: (days: number, locationId: string | null) => ['inventory', 'alerts', 'expiring', { days, locationId }] as const,
  maintenanceDue: (locationId: string | null) => ['inventory', 'alerts', 'maintenance-due', locationId] as const,
  maintenanceRecords: (page: number, locationId: string | null) => ['inventory', 'maintenance', { page, locationId }] as const,
  suppliers: (page: number, search: string) => ['inventory', 'suppliers', { page, search }] as const,
  supplier: (id: string) => ['inventory', 'supplier', id] as const,
  trainers: ['inventory', 'trainer-choices'] as const,
};
