import type { KitTables } from '@akhada/kit';

/** An example table; replace it with the service's own. */
export interface ExamplesTable {
  id: string;
  org_id: string;
  created_at: Date;
}

export interface SchedulingDb extends KitTables {
  examples: ExamplesTable;
}
