import { prepareQuery, type Executor } from '@akhada/kit';
import type { CompiledQuery, Selectable } from 'kysely';
import type { SchedulingDb, SettingsTable } from './schema.ts';

/** The rules of a location that staff never changed. */
export const DEFAULT_SETTINGS = {
  opens_days_before: 7,
  closes_minutes_before: 30,
  late_cancel_minutes: 120,
  confirm_minutes: 30,
  no_show_limit: 3,
  no_show_pause_days: 7,
  pt_any_trainer: false,
  pack_late_cancel_uses: true,
  pack_no_show_uses: true,
  allowances: {} as Record<string, number | null>,
} as const;

/** The flags added after 0001 have column defaults (Generated); a row read or written has them set. */
type Flags = 'pt_any_trainer' | 'pack_late_cancel_uses' | 'pack_no_show_uses';
export type LocationSettings = Omit<SettingsTable, 'org_id' | 'updated_at' | Flags> & Record<Flags, boolean>;

let settingsQuery: ((v: { locationId: string }) => CompiledQuery<Selectable<SettingsTable>>) | undefined;

/** A location's rules (every booking reads them: built once and prepared), or the defaults. */
export const settingsOf = async (db: Executor<SchedulingDb>, locationId: string): Promise<LocationSettings> => {
  settingsQuery ??= prepareQuery((v: { locationId: string }) => db.selectFrom('settings').selectAll().where('location_id', '=', v.locationId));
  const row = (await db.executeQuery(settingsQuery({ locationId }))).rows[0] as LocationSettings | undefined;
  return row ?? { location_id: locationId, ...DEFAULT_SETTINGS, allowances: {} };
};

export const saveSettings = async (db: Executor<SchedulingDb>, row: Omit<SettingsTable, Flags> & Record<Flags, boolean>): Promise<void> => {
  const values = { ...row, allowances: JSON.stringify(row.allowances) as unknown as SettingsTable['allowances'] };
  const { location_id: _id, ...rest } = values;
  await db
    .insertInto('settings')
    .values(values)
    .onConflict((oc) => oc.column('location_id').doUpdateSet(rest))
    .execute();
};
