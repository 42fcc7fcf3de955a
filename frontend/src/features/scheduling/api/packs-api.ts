import { schedulingPackRoutes as r, type PackBalance, type PackTypeBody, type PackTypePatch, type SellPackBody } from '@akhada/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, parseResponse } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/*
 * Session packs' reads and writes, one function per endpoint of contracts/src/http/scheduling-packs.ts. Every key is
 * under ['scheduling', 'packs'] (so under ['scheduling'] too): a write refreshes the pack types and the balances.
 */
export const packKeys = {
  all: ['scheduling', 'packs'] as const,
  types: (includeArchived: boolean) => ['scheduling', 'packs', 'types', includeArchived] as const,
  balance: (memberId: string | null) => ['scheduling', 'packs', 'balance', memberId] as const,
};

/**
 * How often a balance is read again while a purchase is on its way (the credits follow the payment): quickly while
 * payments makes the payment (a moment), less often while it waits for the member to pay online.
 */
const PACK_WAIT_MS = { requested: 2_000, pending: 5_000 } as const;

export const packTypesQueryOptions = (includeArchived: boolean) =>
  queryOptions({
    queryKey: packKeys.types(includeArchived),
    queryFn: async ({ signal }) =>
      parseResponse(
        r.listPackTypes.responses[200],
        await callRoute(r.listPackTypes, { query: includeArchived ? { includeArchived: 'true' } : {}, signal }),
        'GET /scheduling/packs/types',
      ).data,
  });
/** The organization's pack types; archived ones too for managers (`includeArchived`). */
export const usePackTypes = (includeArchived = false) => useQuery(packTypesQueryOptions(includeArchived));

/** How soon to read a balance again: a purchase still on its way to credits (sent to payments, or awaiting payment), else never. */
const nextRead = (b: PackBalance | undefined): number | false => {
  if (b?.purchases.some((p) => p.status === 'requested')) return PACK_WAIT_MS.requested;
  if (b?.purchases.some((p) => p.status === 'pending')) return PACK_WAIT_MS.pending;
  return false;
};

export const packBalanceQueryOptions = (memberId: string | null) =>
  queryOptions({
    queryKey: packKeys.balance(memberId),
    queryFn: async ({ signal }) =>
      parseResponse(r.balance.responses[200], await callRoute(r.balance, { query: memberId ? { memberId } : {}, signal }), 'GET /scheduling/packs/balance')
        .data,
  });
/**
 * A member's balance: the signed-in member's own (memberId null), or a member's for staff. Read again every few seconds
 * while a purchase is on its way (requested or pending), so "awaiting payment" turns into the credits once paid.
 */
export const usePackBalance = (memberId: string | null, opts: { enabled?: boolean } = {}) =>
  useQuery({
    ...packBalanceQueryOptions(memberId),
    enabled: opts.enabled ?? true,
    refetchInterval: (q) => nextRead(q.state.data),
  });

// Writes.
export type PackTypeInput = z.input<typeof PackTypeBody>;
export type PackTypePatchInput = z.input<typeof PackTypePatch>;
export type SellPackInput = z.input<typeof SellPackBody>;

export async function createPackType(body: PackTypeInput) {
  return parseResponse(r.createPackType.responses[201], await callRoute(r.createPackType, { body }), 'POST /scheduling/packs/types').data;
}
export async function updatePackType({ id, body }: { id: string; body: PackTypePatchInput }) {
  return parseResponse(r.updatePackType.responses[200], await callRoute(r.updatePackType, { params: { id }, body }), 'PATCH /scheduling/packs/types/:id').data;
}
export async function sellPack(body: SellPackInput) {
  return parseResponse(r.sellPack.responses[201], await callRoute(r.sellPack, { body }), 'POST /scheduling/packs/sell').data;
}
export async function buyPack(packTypeId: string) {
  return parseResponse(r.buyPack.responses[201], await callRoute(r.buyPack, { body: { packTypeId } }), 'POST /scheduling/packs/buy').data;
}

/** A write of session packs: the pack types and every balance are read again once it succeeds. */
const usePackMutation = <TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) => useRefreshingMutation(fn, packKeys.all);

export const useCreatePackType = () => usePackMutation(createPackType);
export const useUpdatePackType = () => usePackMutation(updatePackType);
export const useSellPack = () => usePackMutation(sellPack);
export const useBuyPack = () => usePackMutation(buyPack);
