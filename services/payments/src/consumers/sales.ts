import { PaymentEvents, SaleCompleted, saleLineTaxablePaise, topicOf, type SaleLine } from '@akhada/contracts';
import { enqueue, makeEnvelope, metadataOf, on, type EventHandler, type Logger } from '@akhada/kit';
import type { Transaction } from 'kysely';
import { deterministicId } from '../app/deterministic-id.ts';
import { runPaymentCommandIn } from '../app/run-command.ts';
import type { PaymentsDb } from '../db/schema.ts';
import { computeTax, DEFAULT_GYM_SAC, type LineInput } from '../domain/tax/rule.ts';
import { issueInvoiceIn, localDate } from '../invoices/issue.ts';
import { findLocationTaxSettings, findOrgTaxSettings, locationOf } from '../invoices/repo.ts';

type Trx = Transaction<PaymentsDb>;

/** The payment of a sale: one id per (organization, sale), so a redelivered or re-sent sale records nothing new. */
export const salePaymentId = (orgId: string, saleId: string): string => deterministicId(`${orgId}:sale:${saleId}`);

/** The invoice lines of a sale: goods at their own HSN and rate; services at the gym-service rate (SAC in `hsn` or the organization's). */
export const saleInvoiceLines = (sale: { lines: readonly SaleLine[] }): LineInput[] =>
  sale.lines.map((l) => {
    const taxablePaise = saleLineTaxablePaise(l);
    return l.kind === 'goods'
      ? { kind: 'goods', description: l.name, quantity: l.quantity, taxablePaise, hsn: l.hsn, rateBps: Math.round(l.gstRatePercent * 100) }
      : { kind: 'service', description: l.name, quantity: l.quantity, taxablePaise, ...(l.hsn ? { sac: l.hsn } : {}) };
  });

/**
 * `inventory.sale_completed` → a completed payment (category other, type product_sale, source pos, sourceId the
 * saleId) and its tax invoice with the sale's lines, in one transaction with the inbox row: exactly once however often
 * the sale is delivered. Then `payments.sale_invoiced` tells inventory the payment and invoice. The payment's figures
 * are the invoice's (taxable value, tax, total), so the two always agree. A location without GST settings still gets
 * its payment; its invoice is issued by staff later (POST /payments/invoices), so no sale_invoiced is published then.
 */
export const onSaleCompleted = (logger?: Logger): EventHandler<PaymentsDb> =>
  on(SaleCompleted, async (trx: Trx, env) => {
    const sale = env.data;
    const orgId = sale.organizationId;
    if (orgId !== env.orgId) return void logger?.warn({ saleId: sale.saleId }, 'sale of another organization than its envelope: ignored');
    const paymentId = salePaymentId(orgId, sale.saleId);
    const exists = await trx.selectFrom('payments').select('id').where('id', '=', paymentId).executeTakeFirst();
    if (exists) return;

    const settings = await findLocationTaxSettings(trx, orgId, sale.locationId);
    const org = await findOrgTaxSettings(trx, orgId);
    const location = await locationOf(trx, orgId, sale.locationId);
    const at = new Date(sale.occurredAt);
    const date = localDate(at, location?.timezone ?? 'Asia/Kolkata');
    const lines = saleInvoiceLines(sale);
    const tax = settings
      ? computeTax(
          {
            date,
            supplier: { registered: settings.gst_registered, stateCode: settings.state_code },
            placeOfSupplyStateCode: settings.state_code,
            sacCode: org?.sac_code ?? DEFAULT_GYM_SAC,
          },
          lines,
        )
      : null;
    const taxablePaise = tax?.taxablePaise ?? sale.totals.taxablePaise;
    const gstPaise = tax?.totalTaxPaise ?? sale.totals.gstPaise;
    if (tax && tax.totalPaise !== sale.totals.totalPaise)
      logger?.warn(
        { saleId: sale.saleId, invoiced: tax.totalPaise, sold: sale.totals.totalPaise },
        'sale totals differ from the tax rule: the invoice decides',
      );

    const buyer = sale.buyer;
    const member =
      buyer.kind === 'member'
        ? await trx
            .selectFrom('pay_members')
            .select(['first_name', 'last_name'])
            .where('id', '=', buyer.memberId)
            .where('org_id', '=', orgId)
            .executeTakeFirst()
        : undefined;
    const buyerName = buyer.kind === 'member' ? (member ? `${member.first_name} ${member.last_name}`.trim() : buyer.name) : (buyer.name ?? '');
    const meta = metadataOf(env, { locationId: sale.locationId });
    const items = sale.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ');
    await runPaymentCommandIn(
      trx,
      paymentId,
      {
        type: 'RecordPayment',
        data: {
          paymentId,
          orgId,
          locationId: sale.locationId,
          category: 'other',
          type: 'product_sale',
          memberId: buyer.kind === 'member' ? buyer.memberId : null,
          memberName: buyerName,
          trainerId: null,
          trainerName: '',
          amountPaise: taxablePaise,
          gstPaise,
          method: sale.paymentMethod,
          description: `Sale: ${items}`.slice(0, 500),
          notes: buyer.kind === 'walk_in' && buyer.phone ? `Walk-in ${buyer.phone}` : '',
          membershipType: null,
          membershipPeriod: null,
          paymentFrequency: null,
          salaryPeriod: null,
          dueDate: null,
          source: 'pos',
          sourceId: sale.saleId,
          status: 'completed',
          at: sale.occurredAt,
          by: null,
        },
      },
      meta,
    );
    if (!settings || (settings.gst_registered && !settings.gstin))
      return void logger?.info({ saleId: sale.saleId }, 'sale recorded; no invoice until the location has GST settings');

    const { row } = await issueInvoiceIn(
      trx,
      {
        paymentId,
        orgId,
        locationId: sale.locationId,
        category: 'other',
        type: 'product_sale',
        status: 'completed',
        memberId: buyer.kind === 'member' ? buyer.memberId : null,
        memberName: buyerName,
        description: items,
        amountPaise: taxablePaise,
        gstPaise,
        totalPaise: taxablePaise + gstPaise,
        lines,
      },
      at,
      meta,
    );
    await enqueue(
      trx,
      topicOf('payments'),
      makeEnvelope(PaymentEvents.SaleInvoiced, {
        ...meta,
        aggregateId: paymentId,
        occurredAt: at.toISOString(),
        data: {
          saleId: sale.saleId,
          organizationId: orgId,
          locationId: sale.locationId,
          paymentId,
          invoiceId: row.id,
          invoiceNumber: row.number,
          totalPaise: Number(row.total_paise),
          occurredAt: at.toISOString(),
        },
      }),
    );
  });
