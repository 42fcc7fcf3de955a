import { PaymentEvents, topicOf, type PutTaxSettingsBody, type TaxSettings } from '@akhada/contracts';
import { badRequest, enqueue, makeEnvelope, metadataOf, notFound, type RequestContext } from '@akhada/kit';
import type { PaymentsDeps } from './deps.ts';
import { isValidGstin } from '../domain/tax/gstin.ts';
import { DEFAULT_GYM_SAC } from '../domain/tax/rule.ts';
import { findOrgTaxSettings, listLocationTaxSettings, locationsOf, upsertLocationTaxSettings, upsertOrgTaxSettings } from '../db/tax-settings-repo.ts';

/** GET /payments/tax-settings: the organization's SAC and each of the caller's locations (defaults where not set yet). */
export const getTaxSettings = async (deps: Pick<PaymentsDeps, 'db'>, ctx: RequestContext): Promise<TaxSettings> => {
  const [org, locations, settings] = await Promise.all([
    findOrgTaxSettings(deps.db, ctx.orgId),
    locationsOf(deps.db, ctx.orgId),
    listLocationTaxSettings(deps.db, ctx.orgId),
  ]);
  const byId = new Map(settings.map((s) => [s.location_id, s]));
  return {
    sacCode: org?.sac_code ?? DEFAULT_GYM_SAC,
    hindiInvoices: org?.hindi_invoices ?? false,
    locations: locations
      .filter((l) => ctx.locationIds.includes(l.location_id))
      .map((l) => {
        const s = byId.get(l.location_id);
        return {
          locationId: l.location_id,
          gstRegistered: s?.gst_registered ?? false,
          gstin: s?.gstin ?? null,
          stateCode: s?.state_code ?? '',
          legalName: s?.legal_name ?? l.name,
          address: s?.address ?? '',
          invoicePrefix: s?.invoice_prefix ?? '',
        };
      }),
  };
};

/**
 * PUT /payments/tax-settings (owner): the SAC, Hindi invoices, and the GST details of the locations listed. A GSTIN
 * must pass its check character and start with the location's state code; locations sharing a GSTIN share one series,
 * so they must use the same prefix. A location of another organization is 404.
 */
export const putTaxSettings = async (deps: Pick<PaymentsDeps, 'db' | 'clock'>, ctx: RequestContext, body: PutTaxSettingsBody): Promise<TaxSettings> => {
  const known = new Set((await locationsOf(deps.db, ctx.orgId)).map((l) => l.location_id));
  const problems: { path: string; message: string }[] = [];
  body.locations.forEach((l, i) => {
    if (!known.has(l.locationId) || !ctx.locationIds.includes(l.locationId)) throw notFound('Location');
    if (l.gstin && !isValidGstin(l.gstin))
      problems.push({ path: `locations.${i}.gstin`, message: 'This GSTIN is not valid (its check character does not match)' });
  });
  if (new Set(body.locations.map((l) => l.locationId)).size !== body.locations.length)
    problems.push({ path: 'locations', message: 'Each location may be listed once' });
  const existing = await listLocationTaxSettings(deps.db, ctx.orgId);
  const prefixByGstin = new Map<string, string>();
  for (const s of existing)
    if (s.gst_registered && s.gstin && !body.locations.some((l) => l.locationId === s.location_id)) prefixByGstin.set(s.gstin, s.invoice_prefix);
  body.locations.forEach((l, i) => {
    if (!l.gstRegistered || !l.gstin) return;
    const prefix = prefixByGstin.get(l.gstin);
    if (prefix !== undefined && prefix !== l.invoicePrefix)
      problems.push({ path: `locations.${i}.invoicePrefix`, message: `Locations with GSTIN ${l.gstin} share one invoice series: use the prefix ${prefix}` });
    else prefixByGstin.set(l.gstin, l.invoicePrefix);
  });
  if (problems.length) throw badRequest(problems[0]!.message, problems);
  await deps.db.transaction().execute(async (trx) => {
    await upsertOrgTaxSettings(trx, { org_id: ctx.orgId, sac_code: body.sacCode, hindi_invoices: body.hindiInvoices, updated_by_id: ctx.userId });
    for (const l of body.locations) {
      await upsertLocationTaxSettings(trx, {
        location_id: l.locationId,
        org_id: ctx.orgId,
        gst_registered: l.gstRegistered,
        gstin: l.gstRegistered ? (l.gstin ?? null) : null,
        state_code: l.stateCode,
        legal_name: l.legalName,
        address: l.address,
        invoice_prefix: l.invoicePrefix,
      });
      // Inventory charges GST at the counter only where the location is registered: it learns it from this event,
      // published with the change (an unchanged location is announced again, which is harmless and lets a service
      // that missed it catch up).
      const at = deps.clock().toISOString();
      await enqueue(
        trx,
        topicOf('payments'),
        makeEnvelope(PaymentEvents.LocationTaxSettingsChanged, {
          ...metadataOf(ctx, { locationId: l.locationId }),
          aggregateId: l.locationId,
          occurredAt: at,
          data: {
            organizationId: ctx.orgId,
            locationId: l.locationId,
            gstRegistered: l.gstRegistered,
            gstin: l.gstRegistered ? (l.gstin ?? null) : null,
            stateCode: l.stateCode,
            occurredAt: at,
          },
        }),
      );
    }
  });
  return getTaxSettings(deps, ctx);
};
