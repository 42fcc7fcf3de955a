import type { Db } from '@akhada/kit';
import type { MembersDb } from '../db/tables.ts';
import { dateIn } from '../domain/membership/calendar.ts';

/** What the use cases need: the database, a clock, and the time zone that decides "today". */
export interface MembersDeps {
  db: Db<MembersDb>;
  clock: () => Date;
  /** Location time zones are not known to this service yet; every location counts as this zone. */
  timeZone: string;
}

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

export const todayFor = ({ clock, timeZone }: Pick<MembersDeps, 'clock' | 'timeZone'>): string => dateIn(timeZone, clock());
