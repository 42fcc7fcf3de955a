import {
  inventoryRoutes,
  trainersRoutes,
  type AssignItemBody,
  type CreateInventoryItemBody,
  type MaintenanceBody,
  type StockChangeBody,
  type SupplierBody,
  type UpdateInventoryItemBody,
} from '@akhada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { inventoryKeys, type InventoryListParams } from './inventory-keys';

export const INVENTORY_PAGE_SIZE = 20;
export const MOVEMENTS_PAGE_SIZE = 20;
const r = inventoryRoutes;
type Signal = { signal?: AbortSignal };
const loc = (locationId: string | null) => (locationId ? { locationId } : {});

export const useInventoryDashboard = (locationId: string | null) =>
  useQuery({
    queryKey: inventoryKeys.dashboard(locationId),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(r.dashboard.responses[200], await callRoute(r.dashboard, { query: loc(locationId), signal }), 'GET /inventory/dashboard').data,
  });

export type AnalyticsPeriod = '7d' | '30d' | '90d' | '12m';
export const useInventoryAnalytics = (period: AnalyticsPeriod, locationId: string | null) =>
  useQuery({
    queryKey: inventoryKeys.analytics(period, locationId),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(r.analytics.responses[200], await callRoute(r.analytics, { query: { period, ...loc(locationId) }, signal }), 'GET /inventory/analytics')
        .data,
    placeholderData: keepPreviousData,
  });

export const useInventoryList = (p: InventoryListParams) =>
  useQuery({
    queryKey: inventoryKeys.list(p),
    queryFn: async ({ signal }: Signal) => parseResponse(r.list.responses[200], await callRoute(r.list, { query: { ...p }, signal }), 'GET /inventory'),
    placeholderData: keepPreviousData,
  });

export const useInventoryItem = (id: string, enabled = true) =>
  useQuery({
    queryKey: inventoryKeys.detail(id),
    queryFn: async ({ signal }: Signal) => parseResponse(r.get.responses[200], await callRoute(r.get, { params: { id }, signal }), 'GET /inventory/:id').data,
    enabled,
  });

export const useMovements = (id: string, page: number) =>
  useQuery({
    queryKey: inventoryKeys.movements(id, page),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(
        r.movements.responses[200],
        await callRoute(r.movements, { params: { id }, query: { page, limit: MOVEMENTS_PAGE_SIZE }, signal }),
        'GET /inventory/:id/movements',
      ),
    placeholderData: keepPreviousData,
  });

export const useLowStock = (locationId: string | null) =>
  useQuery({
    queryKey: inventoryKeys.lowStock(locationId),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(r.lowStock.responses[200], await callRoute(r.lowStock, { query: loc(locationId), signal }), 'GET /inventory/alerts/low-stock').data,
  });

export const useExpiring = (days: number, locationId: string | null) =>
  useQuery({
    queryKey: inventoryKeys.expiring(days, locationId),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(r.expiring.responses[200], await callRoute(r.expiring, { query: { days, ...loc(locationId) }, signal }), 'GET /inventory/alerts/expiring')
        .data,
    placeholderData: keepPreviousData,
  });

export const useMaintenanceDue = (locationId: string | null) =>
  useQuery({
    queryKey: inventoryKeys.maintenanceDue(locationId),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(
        r.maintenanceDue.responses[200],
        await callRoute(r.maintenanceDue, { query: loc(locationId), signal }),
        'GET /inventory/alerts/maintenance-due',
      ).data,
  });

export const useMaintenanceRecords = (page: number, locationId: string | null) =>
  useQuery({
    queryKey: inventoryKeys.maintenanceRecords(page, locationId),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(
        r.maintenanceRecords.responses[200],
        await callRoute(r.maintenanceRecords, { query: { page, limit: INVENTORY_PAGE_SIZE, ...loc(locationId) }, signal }),
        'GET /inventory/maintenance',
      ),
    placeholderData: keepPreviousData,
  });

export const useSuppliers = (page: number, search: string, enabled = true) =>
  useQuery({
    queryKey: inventoryKeys.suppliers(page, search),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(
        r.listSuppliers.responses[200],
        await callRoute(r.listSuppliers, { query: { page, limit: 100, ...(search ? { search } : {}) }, signal }),
        'GET /inventory/suppliers',
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useSupplier = (id: string | null) =>
  useQuery({
    queryKey: inventoryKeys.supplier(id ?? ''),
    queryFn: async ({ signal }: Signal) =>
      parseResponse(r.getSupplier.responses[200], await callRoute(r.getSupplier, { params: { id: id ?? '' }, signal }), 'GET /inventory/suppliers/:id').data,
    enabled: Boolean(id),
  });

/** The trainer picker of Assign (100 at a time, as the other pickers). */
export const useTrainerChoices = (enabled: boolean) =>
  useQuery({
    queryKey: inventoryKeys.trainers,
    queryFn: async ({ signal }: Signal) =>
      parseResponse(trainersRoutes.list.responses[200], await callRoute(trainersRoutes.list, { query: { page: 1, limit: 100 }, signal }), 'GET /trainers').data,
    enabled,
  });

/** Every change refreshes every inventory screen. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
}

export function useCreateItem() {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: CreateInventoryItemBody) => parseResponse(r.create.responses[201], await callRoute(r.create, { body }), 'POST /inventory').data,
    onSuccess,
  });
}

export function useUpdateItem(id: string) {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: UpdateInventoryItemBody) =>
      parseResponse(r.update.responses[200], await callRoute(r.update, { params: { id }, body }), 'PUT /inventory/:id').data,
    onSuccess,
  });
}

export function useArchiveItem(id: string) {
  const onSuccess = useInvalidateAll();
  return useMutation({ mutationFn: async () => callRoute(r.remove, { params: { id } }), onSuccess });
}

export function useChangeStock(id: string) {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: StockChangeBody) =>
      parseResponse(r.changeStock.responses[200], await callRoute(r.changeStock, { params: { id }, body }), 'PATCH /inventory/:id/stock').data,
    onSuccess,
  });
}

export function useAssignItem(id: string) {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: AssignItemBody) =>
      parseResponse(r.assign.responses[200], await callRoute(r.assign, { params: { id }, body }), 'PATCH /inventory/:id/assign').data,
    onSuccess,
  });
}

export function useMaintenance(id: string) {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: MaintenanceBody) =>
      parseResponse(r.maintenance.responses[200], await callRoute(r.maintenance, { params: { id }, body }), 'POST /inventory/:id/maintenance').data,
    onSuccess,
  });
}

export function useDisposeItem(id: string) {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: { reason: string }) =>
      parseResponse(r.dispose.responses[200], await callRoute(r.dispose, { params: { id }, body }), 'POST /inventory/:id/dispose').data,
    onSuccess,
  });
}

export function useSaveSupplier(id: string | null) {
  const onSuccess = useInvalidateAll();
  return useMutation({
    mutationFn: async (body: SupplierBody) =>
      id
        ? parseResponse(r.updateSupplier.responses[200], await callRoute(r.updateSupplier, { params: { id }, body }), 'PUT /inventory/suppliers/:id').data
        : parseResponse(r.createSupplier.responses[201], await callRoute(r.createSupplier, { body }), 'POST /inventory/suppliers').data,
    onSuccess,
  });
}

export function useArchiveSupplier() {
  const onSuccess = useInvalidateAll();
  return useMutation({ mutationFn: async (id: string) => callRoute(r.deleteSupplier, { params: { id } }), onSuccess });
}
