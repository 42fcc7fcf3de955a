import { inventoryRoutes as r, type PosSale, type PosSaleBody } from '@akhada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse, type Query } from '../../../lib/api-client';

/** The feature's cache keys: everything under ['pos'], so a sale refreshes what the counter shows. */
export const posKeys = {
  all: ['pos'] as const,
  items: (locationId: string, search: string) => ['pos', 'items', locationId, search] as const,
  sale: (saleId: string) => ['pos', 'sale', saleId] as const,
  shop: (search: string) => ['pos', 'shop', search] as const,
};

const q = (o: Record<string, string | number | undefined>): Query => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

/** Items for sale at the location (GET /inventory?isForSale=true&search=…), the counter's item list. */
export const useSaleItems = (locationId: string, search: string) =>
  useQuery({
    queryKey: posKeys.items(locationId, search),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.list.responses[200],
        await callRoute(r.list, { query: q({ locationId, search, isForSale: 'true', status: 'active', limit: 24, sort: 'name' }), signal }),
        'GET /inventory',
      ),
    placeholderData: keepPreviousData,
  });

/** The item with this barcode or SKU at the location (GET /inventory?code=…), or null. */
export async function findByCode(locationId: string, code: string) {
  const json = await callRoute(r.list, { query: q({ locationId, code, isForSale: 'true', limit: 1 }) });
  return parseResponse(r.list.responses[200], json, 'GET /inventory?code').data[0] ?? null;
}

/** POST /pos/sales: the same body (with its saleId) may be sent again; the server answers the first sale. */
export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof PosSaleBody>) =>
      parseResponse(r.posCreateSale.responses[201], await callRoute(r.posCreateSale, { body }), 'POST /pos/sales').data,
    onSuccess: (sale: PosSale) => {
      queryClient.setQueryData(posKeys.sale(sale._id), sale);
    },
    // Sold or refused (409: less stock than the screen thought), the stock shown is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pos', 'items'] }),
  });
}

/** How often a sale is read again while its invoice (or its online payment) is on its way. */
export const SALE_POLL_MS = 1500;

/** GET /pos/sales/:saleId, read again every SALE_POLL_MS while `poll` says so. */
export const useSale = (saleId: string, poll: (sale: PosSale | undefined) => boolean) =>
  useQuery({
    queryKey: posKeys.sale(saleId),
    queryFn: async ({ signal }) =>
      parseResponse(r.posGetSale.responses[200], await callRoute(r.posGetSale, { params: { saleId }, signal }), 'GET /pos/sales/:saleId').data,
    refetchInterval: (query) => (poll(query.state.data) ? SALE_POLL_MS : false),
  });

/** The member's shop: resale items of their location (GET /inventory/shop). */
export const useShop = (search: string) =>
  useQuery({
    queryKey: posKeys.shop(search),
    queryFn: async ({ signal }) =>
      parseResponse(r.shop.responses[200], await callRoute(r.shop, { query: q({ search, limit: 48 }), signal }), 'GET /inventory/shop'),
    placeholderData: keepPreviousData,
  });

/** POST /pos/orders: a member's order, to pay online and pick up at the desk. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { saleId: string; lines: { itemId: string; quantity: number }[] }) =>
      parseResponse(r.shopOrder.responses[201], await callRoute(r.shopOrder, { body }), 'POST /pos/orders').data,
    onSuccess: (sale: PosSale) => {
      queryClient.setQueryData(posKeys.sale(sale._id), sale);
      void queryClient.invalidateQueries({ queryKey: ['pos', 'shop'] });
    },
  });
}
