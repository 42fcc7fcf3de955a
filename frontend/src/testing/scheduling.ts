import { schedulingPackRoutes as packs, schedulingRoutes, type PackType, type SchedulingSettings } from '@akhada/contracts';
import { on, reply } from './contract-handlers';
import { PUNE } from './fixtures';

/* Scheduling for component tests: pack types and a location's booking rules, answered from their contracts. */

/** A session pack type on sale (10 sessions, 90 days, ₹4,500 before GST) with `over`. */
export const aPackType = (over: Partial<PackType> = {}): PackType => ({
  id: crypto.randomUUID(),
  name: '10 PT sessions',
  sessions: 10,
  validityDays: 90,
  pricePaise: 450_000,
  archived: false,
  updatedAt: '2027-01-01T00:00:00.000Z',
  ...over,
});

/** GET /scheduling/packs/types answers these pack types. */
export const packTypesAre = (list: PackType[]) => on(packs.listPackTypes, () => reply(packs.listPackTypes, 200, { success: true, data: list }));

/** Akhada Pune's booking rules (the defaults) with `over`. */
export const bookingRules = (over: Partial<SchedulingSettings> = {}): SchedulingSettings => ({
  locationId: PUNE._id,
  opensDaysBefore: 7,
  closesMinutesBefore: 30,
  lateCancelMinutes: 120,
  confirmMinutes: 30,
  noShowLimit: 3,
  noShowPauseDays: 7,
  allowances: { basic: null, premium: null, vip: null, annual: null },
  ptAnyTrainer: false,
  packLateCancelUses: true,
  packNoShowUses: true,
  ...over,
});

/** The booking-rules page's API: GET answers `rules`, PUT records its body in `sent` and answers the rules changed. */
export const bookingRulesServed = (rules: SchedulingSettings, sent: unknown[]) => [
  on(schedulingRoutes.getSettings, () => reply(schedulingRoutes.getSettings, 200, { success: true, data: rules })),
  on(schedulingRoutes.putSettings, async ({ request }) => {
    const body = (await request.json()) as Partial<SchedulingSettings>;
    sent.push(body);
    return reply(schedulingRoutes.putSettings, 200, { success: true, data: { ...rules, ...body } });
  }),
];
