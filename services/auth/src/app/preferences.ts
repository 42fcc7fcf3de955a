import { AuthEvents, DEFAULT_BRAND_COLOR, type UserPreferences } from '@akhada/contracts';
import { metadataOf, type RequestContext } from '@akhada/kit';
import { publish } from '../db/auth-events.ts';
import { findPreferences } from '../db/gym-settings-repo.ts';
import { findOrganization } from '../db/organizations-repo.ts';
import { recordConsent } from '../db/data-rights-repo.ts';
import type { AuthDeps } from './deps.ts';

type Choices = Omit<UserPreferences, 'brandColor' | 'savedAt'>;
const DEFAULTS: Choices = { theme: 'system', language: 'en', density: 'comfortable', contactVisibleToTrainers: true, marketingConsent: false };

/** The caller's appearance and privacy choices (defaults until they save), with the gym's brand colour. */
export const getPreferences = async ({ db }: Pick<AuthDeps, 'db'>, ctx: RequestContext): Promise<UserPreferences> => {
  const [row, org] = await Promise.all([findPreferences(db, ctx.userId), findOrganization(db, ctx.orgId)]);
  const choices: Choices = row
    ? {
        theme: row.theme,
        language: row.language,
        density: row.density,
        contactVisibleToTrainers: row.contact_visible_to_trainers,
        marketingConsent: row.marketing_consent,
      }
    : DEFAULTS;
  return { ...choices, brandColor: org.brand_color ?? DEFAULT_BRAND_COLOR, savedAt: row ? row.updated_at.toISOString() : null };
};

/**
 * Saves what was sent; a change of the privacy choices is announced (auth.user_privacy_changed) so the members
 * service can hide contact details from trainers and the consent ledger can record the marketing choice.
 */
export const updatePreferences = async ({ db, clock }: Pick<AuthDeps, 'db' | 'clock'>, ctx: RequestContext, body: Partial<Choices>) => {
  const before = await getPreferences({ db }, ctx);
  const { brandColor, theme, language, density, contactVisibleToTrainers, marketingConsent } = before;
  const next: Choices = { theme, language, density, contactVisibleToTrainers, marketingConsent, ...body };
  const now = clock();
  await db.transaction().execute(async (trx) => {
    const row = {
      theme: next.theme,
      language: next.language,
      density: next.density,
      contact_visible_to_trainers: next.contactVisibleToTrainers,
      marketing_consent: next.marketingConsent,
      updated_at: now,
    };
    await trx
      .insertInto('user_preferences')
      .values({ user_id: ctx.userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    // The consent ledger records a marketing choice that changed (append-only, in the same transaction).
    if (before.marketingConsent !== next.marketingConsent)
      await recordConsent(trx, {
        orgId: ctx.orgId,
        userId: ctx.userId,
        purpose: 'marketing_email',
        granted: next.marketingConsent,
        channel: 'settings',
        actorId: ctx.userId,
        at: now,
      });
    if (before.contactVisibleToTrainers !== next.contactVisibleToTrainers || before.marketingConsent !== next.marketingConsent)
      await publish(
        trx,
        AuthEvents.UserPrivacyChanged,
        ctx.userId,
        { userId: ctx.userId, contactVisibleToTrainers: next.contactVisibleToTrainers, marketingConsent: next.marketingConsent },
        metadataOf(ctx),
        now,
      );
  });
  return { ...next, brandColor, savedAt: now.toISOString() };
};
