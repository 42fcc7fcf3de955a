import { DataRightsEvents } from '@akhada/contracts';
import { on } from '@akhada/kit';
import type { Transaction } from 'kysely';
import type { NotificationsDb } from '../db/schema.ts';
import { applyRule } from './rules-engine.ts';

/** auth.data_request_changed → the member and the gym's owners are told (the rule line in domain/rules.ts). */
export const onDataRequestChanged = on(DataRightsEvents.DataRequestChanged, async (trx: Transaction<NotificationsDb>, env) => {
  await applyRule(trx, env as never);
});
