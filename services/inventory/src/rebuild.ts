import { runRebuildCommand } from '@akhada/kit';
import { migrations } from './db/migrations.ts';
import type { InventoryDb } from './db/schema.ts';
import { PROJECTIONS } from './projections/rebuild.ts';

/** `npm run rebuild -w services/inventory -- items`: replays the item streams into their read tables (no events re-sent). */
await runRebuildCommand<InventoryDb>('inventory', migrations, PROJECTIONS);
