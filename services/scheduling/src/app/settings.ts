import { MembershipType, type SchedulingSettings, type SchedulingSettingsBody } from '@akhada/contracts';
import type { RequestContext } from '@akhada/kit';
import { saveSettings, settingsOf, type LocationSettings } from '../db/settings-repo.ts';
import { locationFor } from './access.ts';
import type { SchedulingDeps } from './deps.ts';

type Deps = Pick<SchedulingDeps, 'db' | 'clock' | 'directory'>;

const toSettings = (s: LocationSettings): SchedulingSettings => ({
  locationId: s.location_id,
  opensDaysBefore: s.opens_days_before,
  closesMinutesBefore: s.closes_minutes_before,
  lateCancelMinutes: s.late_cancel_minutes,
  confirmMinutes: s.confirm_minutes,
  noShowLimit: s.no_show_limit,
  noShowPauseDays: s.no_show_pause_days,
  // Every plan named: one left out is unlimited.
  allowances: Object.fromEntries(MembershipType.options.map((p) => [p, s.allowances[p] ?? null])) as SchedulingSettings['allowances'],
  ptAnyTrainer: s.pt_any_trainer,
  packLateCancelUses: s.pack_late_cancel_uses,
  packNoShowUses: s.pack_no_show_uses,
});

export const getSettings = async (deps: Deps, ctx: RequestContext, locationId: string): Promise<SchedulingSettings> => {
  await locationFor(deps, ctx, locationId);
  return toSettings(await settingsOf(deps.db, locationId));
};

export const putSettings = async (deps: Deps, ctx: RequestContext, body: SchedulingSettingsBody): Promise<SchedulingSettings> => {
  const { locationId } = body;
  await locationFor(deps, ctx, locationId);
  const was = await settingsOf(deps.db, locationId);
  const row = {
    location_id: locationId,
    org_id: ctx.orgId,
    opens_days_before: body.opensDaysBefore,
    closes_minutes_before: body.closesMinutesBefore,
    late_cancel_minutes: body.lateCancelMinutes,
    confirm_minutes: body.confirmMinutes,
    no_show_limit: body.noShowLimit,
    no_show_pause_days: body.noShowPauseDays,
    allowances: body.allowances,
    // Left out of the body: as they were.
    pt_any_trainer: body.ptAnyTrainer ?? was.pt_any_trainer,
    pack_late_cancel_uses: body.packLateCancelUses ?? was.pack_late_cancel_uses,
    pack_no_show_uses: body.packNoShowUses ?? was.pack_no_show_uses,
    updated_at: deps.clock(),
  };
  await saveSettings(deps.db, row);
  return toSettings(row);
};
