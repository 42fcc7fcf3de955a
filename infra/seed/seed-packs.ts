// The demo chain's class packs, through the scheduling API as an owner sets them up: a drop-in, a 10-class and a
// 20-class pack (prices in paise before GST). Idempotent: nothing is added when the organization has pack types.
import { schedulingPackRoutes, type PackTypeBody } from '@akhada/contracts';
import { apiCall, must } from './seed-api.ts';

const PACKS: PackTypeBody[] = [
  { name: 'Drop-in class', sessions: 1, validityDays: 7, pricePaise: 40_000 },
  { name: '10-class pack', sessions: 10, validityDays: 60, pricePaise: 300_000 },
  { name: '20-class pack', sessions: 20, validityDays: 90, pricePaise: 540_000 },
];

export async function seedPackTypes(base: string, token: string, log: (s: string) => void = console.error): Promise<void> {
  const call = apiCall(base, token);
  const existing = schedulingPackRoutes.listPackTypes.responses[200].parse(await must('pack types', call('GET', '/scheduling/packs/types'))).data;
  if (existing.length > 0) return;
  for (const p of PACKS) await must(`pack type ${p.name}`, call('POST', '/scheduling/packs/types', p));
  log(`[seed] ${PACKS.length} class pack types`);
}
