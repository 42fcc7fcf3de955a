import { runRebuildCommand } from '@akhada/kit';
import { migrations } from './db/migrations.ts';
import type { MembersDb } from './db/schema.ts';
import { PROJECTIONS } from './projections/rebuild.ts';

/** `npm run rebuild -w services/members -- members`: replays the event store into a read table. */
await runRebuildCommand<MembersDb>('members', migrations, PROJECTIONS);
