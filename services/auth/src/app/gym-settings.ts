import { AuthEvents, DEFAULT_BRAND_COLOR, type GymSettings, type UpdateGymSettingsBody } from '@akhada/contracts';
import { badRequest, conflict, metadataOf, newId, notFound, type RequestContext } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { currentPlansOf, locationsOfOrg } from '../db/gym-settings-repo.ts';
import { findOrganization, lockOrganization, ORGANIZATIONS_JOIN_CODE_UNIQUE } from '../db/organizations-repo.ts';
import type { AuthDb } from '../db/schema.ts';
import type { Executor } from '@akhada/kit';
import { isUniqueViolation } from '@akhada/kit';
import type { AuthDeps } from './deps.ts';

type Tz = GymSettings['organization']['timezone'];

/** The first bytes of PNG, JPEG and WebP: the logo's type is read from its bytes, not from what the browser said. */
export const imageTypeOf = (bytes: Buffer): 'png' | 'jpeg' | 'webp' | null => {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP') return 'webp';
  return null;
};
const LOGO_MAX_BYTES = 200 * 1024;

/** A logo data URL checked from its bytes; stored as `data:image/<type from the bytes>;base64,…`. */
const checkedLogo = (dataUrl: string): string => {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest('The logo must be smaller than 200 KB');
  const type = imageTypeOf(bytes);
  if (!type) throw badRequest('Please select an image file (PNG, JPEG or WebP)');
  return `data:image/${type};base64,${bytes.toString('base64')}`;
};

export const loadGymSettings = async (db: Executor<AuthDb>, orgId: string): Promise<GymSettings> => {
  const org = await findOrganization(db, orgId);
  const [locations, plans] = await Promise.all([locationsOfOrg(db, orgId), currentPlansOf(db, orgId)]);
  return {
    organization: {
      _id: org.id,
      name: org.name,
      logo: org.logo,
      brandColor: org.brand_color ?? DEFAULT_BRAND_COLOR,
      languages: (Array.isArray(org.languages) ? org.languages : ['en', 'hi']) as GymSettings['organization']['languages'],
      timezone: org.timezone as Tz,
      currency: 'INR',
      joinCode: org.join_code,
    },
    locations: locations.map((l) => ({
      _id: l.id,
      name: l.name,
      city: l.city,
      timezone: l.timezone as Tz,
      openingHours: l.opening_hours,
      capacity: l.capacity,
      joinCode: org.join_code,
      refuseCheckInOverdueDays: l.refuse_check_in_overdue_days,
    })),
    plans: plans.map((p) => ({
      _id: p.id,
      name: p.name,
      type: p.type,
      durationMonths: p.duration_months,
      price: Number(p.price_paise) / 100,
      gstInclusive: p.gst_inclusive,
    })),
  };
};

export const getGymSettings = ({ db }: Pick<AuthDeps, 'db'>, ctx: RequestContext) => {
  return loadGymSettings(db, ctx.orgId);
};

/** The owner saves the whole screen; every change is announced through the outbox in the same transaction. */
export const updateGymSettings = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, body: UpdateGymSettingsBody) => {
  const logo = body.logo ? checkedLogo(body.logo) : body.logo;
  const now = clock();
  const meta = metadataOf(ctx);
  await db.transaction().execute(async (trx) => {
    await lockOrganization(trx, ctx.orgId);
    const languages = [...new Set(body.languages)];
    await trx
      .updateTable('organizations')
      .set({
        name: body.name,
        brand_color: body.brandColor,
        languages: JSON.stringify(languages),
        timezone: body.timezone,
        ...(logo !== undefined ? { logo } : {}),
      })
      .where('id', '=', ctx.orgId)
      .execute();
    await publish(
      trx,
      AuthEvents.OrganizationUpdated,
      ctx.orgId,
      { orgId: ctx.orgId, name: body.name, brandColor: body.brandColor, languages, timezone: body.timezone },
      meta,
      now,
    );

    const existing = new Map((await locationsOfOrg(trx, ctx.orgId)).map((l) => [l.id, l]));
    for (const l of body.locations) {
      const before = existing.get(l._id);
      // Another gym's location, or one that does not exist: as if it were not there.
      if (!before) throw notFound('Location');
      // Absent keeps the location's overdue-days setting (a client that does not know it changes nothing of it).
      const overdueDays = l.refuseCheckInOverdueDays === undefined ? before.refuse_check_in_overdue_days : l.refuseCheckInOverdueDays;
      const unchanged =
        before.name === l.name &&
        before.city === l.city &&
        before.timezone === l.timezone &&
        before.opening_hours === l.openingHours &&
        before.capacity === l.capacity &&
        before.refuse_check_in_overdue_days === overdueDays;
      if (unchanged) continue;
      await trx
        .updateTable('locations')
        .set({
          name: l.name,
          city: l.city,
          timezone: l.timezone,
          opening_hours: l.openingHours,
          capacity: l.capacity,
          refuse_check_in_overdue_days: overdueDays,
        })
        .where('id', '=', l._id)
        .where('org_id', '=', ctx.orgId)
        .execute();
      await publish(
        trx,
        AuthEvents.LocationUpdated,
        l._id,
        {
          locationId: l._id,
          orgId: ctx.orgId,
          name: l.name,
          city: l.city,
          timezone: l.timezone,
          openingHours: l.openingHours,
          capacity: l.capacity,
          refuseCheckInOverdueDays: overdueDays,
        },
        metadataOf(ctx, { locationId: l._id }),
        now,
      );
    }

    const current = new Map((await currentPlansOf(trx, ctx.orgId)).map((p) => [p.id, p]));
    const kept = new Set<string>();
    const plans = body.plans.map((p, position) => {
      if (p._id && !current.has(p._id)) throw notFound('Plan');
      const id = p._id ?? newId();
      kept.add(id);
      return { ...p, id, position, pricePaise: Math.round(p.price * 100) };
    });
    for (const [id] of current) if (!kept.has(id)) await trx.updateTable('membership_plans').set({ withdrawn_at: now }).where('id', '=', id).execute();
    for (const p of plans) {
      const row = {
        name: p.name,
        type: p.type,
        duration_months: p.durationMonths,
        price_paise: p.pricePaise,
        gst_inclusive: p.gstInclusive,
        position: p.position,
      };
      if (current.has(p.id)) await trx.updateTable('membership_plans').set(row).where('id', '=', p.id).where('org_id', '=', ctx.orgId).execute();
      else
        await trx
          .insertInto('membership_plans')
          .values({ id: p.id, org_id: ctx.orgId, withdrawn_at: null, ...row })
          .execute();
    }
    await publish(
      trx,
      AuthEvents.MembershipPlansChanged,
      ctx.orgId,
      {
        orgId: ctx.orgId,
        plans: plans.map((p) => ({
          planId: p.id,
          name: p.name,
          type: p.type,
          durationMonths: p.durationMonths,
          pricePaise: p.pricePaise,
          gstInclusive: p.gstInclusive,
        })),
      },
      meta,
      now,
    );
  });
  return loadGymSettings(db, ctx.orgId);
};

/** A new join code; the old one stops working at once (a clash with another gym's code is retried). */
export const regenerateJoinCode = async ({ db, newJoinCode }: Pick<AuthDeps, 'db' | 'newJoinCode'>, ctx: RequestContext) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newJoinCode();
    try {
      await db.updateTable('organizations').set({ join_code: code }).where('id', '=', ctx.orgId).execute();
      return { joinCode: code };
    } catch (err) {
      if (!isUniqueViolation(err, ORGANIZATIONS_JOIN_CODE_UNIQUE)) throw err;
    }
  }
  throw conflict('CONFLICT', 'Could not make a new join code; please try again');
};
