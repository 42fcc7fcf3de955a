import { runRebuildCommand } from '@akhada/kit';
import { migrations } from './db/migrations.ts';
import type { AttendanceDb } from './db/schema.ts';
import { PROJECTIONS } from './projections/rebuild.ts';

/** `npm run rebuild -w services/attendance -- sessions`: replays the session streams into the sessions table. */
await runRebuildCommand<AttendanceDb>('attendance', migrations, PROJECTIONS);
