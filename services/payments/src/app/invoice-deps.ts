import type { Kysely } from 'kysely';
import type { PaymentsDb } from '../db/schema.ts';
import type { InvoiceMailer } from '../adapters/invoice-mailer.ts';

/** What the invoice use cases need. */
export interface InvoiceDeps {
  db: Kysely<PaymentsDb>;
  clock: () => Date;
  mailer: InvoiceMailer;
}
