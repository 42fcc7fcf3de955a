import { GymLanguage, MembershipType, Timezone, UpdateGymSettingsBody, type GymSettings } from '@akhada/contracts';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { useGym, useRegenerateJoinCode, useSaveGym } from '../api/gym';
import { GstSettings } from './gst-settings';
import { TallySettings } from './tally-settings';
import { LogoPicker } from './logo-picker';
import { ReferralSettings } from './referral-settings';
import { SettingsForm } from './settings-form';
import './gym-settings.css';

interface PlanRow {
  _id?: string;
  name: string;
  type: MembershipType;
  durationMonths: string;
  price: string;
  gstInclusive: boolean;
}
interface GymForm {
  name: string;
  brandColor: string;
  languages: string[];
  timezone: string;
  locations: {
    _id: string;
    name: string;
    city: string;
    timezone: string;
    openingHours: string;
    capacity: string;
    /** Refuse check-in while a payment is overdue by more than the days below. */
    refuseOverdue: boolean;
    refuseCheckInOverdueDays: string;
  }[];
  plans: PlanRow[];
  /** A newly picked logo (a data URL) or null to remove it; absent while unchanged. */
  logo?: string | null;
}

const toForm = (g: GymSettings): GymForm => ({
  name: g.organization.name,
  brandColor: g.organization.brandColor,
  languages: g.organization.languages,
  timezone: g.organization.timezone,
  locations: g.locations.map((l) => ({
    _id: l._id,
    name: l.name,
    city: l.city,
    timezone: l.timezone,
    openingHours: l.openingHours,
    capacity: l.capacity === null ? '' : String(l.capacity),
    refuseOverdue: l.refuseCheckInOverdueDays !== null,
    refuseCheckInOverdueDays: String(l.refuseCheckInOverdueDays ?? DEFAULT_OVERDUE_DAYS),
  })),
  plans: g.plans.map((p) => ({ ...p, durationMonths: String(p.durationMonths), price: String(p.price) })),
});
/** What the days field starts at when a location turns the rule on. */
const DEFAULT_OVERDUE_DAYS = 7;
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
const toBody = (v: GymForm) => ({
  name: v.name,
  brandColor: v.brandColor,
  languages: v.languages,
  timezone: v.timezone,
  locations: v.locations.map(({ refuseOverdue, refuseCheckInOverdueDays, ...l }) => ({
    ...l,
    capacity: l.capacity.trim() === '' ? null : num(l.capacity),
    refuseCheckInOverdueDays: refuseOverdue ? num(refuseCheckInOverdueDays) : null,
  })),
  plans: v.plans.map((p) => ({ ...p, durationMonths: num(p.durationMonths), price: num(p.price) })),
  ...(v.logo !== undefined ? { logo: v.logo } : {}),
});

function PlansEditor() {
  const { t } = useTranslation(['gymsettings']);
  const { control, register } = useFormContext<GymForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'plans', keyName: 'key' });
  const types = MembershipType.options.map((value) => ({ value, label: t(`gymsettings:planTypes.${value}`) }));
  return (
    <fieldset className="gym-fieldset" data-testid="gym-plans">
      <legend className="section-heading">{t('gymsettings:plans.title')}</legend>
      <p className="text-muted">{t('gymsettings:plans.hint')}</p>
      {fields.length === 0 ? <p className="text-muted">{t('gymsettings:plans.empty')}</p> : null}
      {fields.map((f, i) => (
        <div key={f.key} className="gym-plan" data-testid="gym-plan">
          <TextField name={`plans.${i}.name`} label={t('gymsettings:plans.name')} required maxLength={60} testId={`gym-plan-name-${i}`} />
          <SelectField name={`plans.${i}.type`} label={t('gymsettings:plans.type')} options={types} />
          <TextField
            name={`plans.${i}.durationMonths`}
            label={t('gymsettings:plans.duration')}
            inputMode="numeric"
            required
            testId={`gym-plan-duration-${i}`}
          />
          <MoneyField name={`plans.${i}.price`} label={t('gymsettings:plans.price')} required testId={`gym-plan-price-${i}`} />
          <label className="gym-check">
            <input type="checkbox" {...register(`plans.${i}.gstInclusive`)} />
            <span>{t('gymsettings:plans.gstInclusive')}</span>
          </label>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => remove(i)} data-testid={`gym-plan-remove-${i}`}>
            {t('gymsettings:plans.remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => append({ name: '', type: 'basic', durationMonths: '1', price: '', gstInclusive: true })}
        data-testid="gym-plan-add"
      >
        {t('gymsettings:plans.add')}
      </button>
    </fieldset>
  );
}

/** A location's "refuse check-in when a payment is overdue by more than N days" (off by default). */
function OverdueEntryRule({ index }: { index: number }) {
  const { t } = useTranslation(['gymsettings']);
  const { register, control } = useFormContext<GymForm>();
  const on = useWatch({ control, name: `locations.${index}.refuseOverdue` });
  return (
    <div className="gym-overdue" data-testid={`gym-location-overdue-${index}`}>
      <label className="gym-check">
        <input type="checkbox" {...register(`locations.${index}.refuseOverdue`)} data-testid={`gym-location-overdue-on-${index}`} />
        <span>{t('gymsettings:locations.overdue')}</span>
      </label>
      {on ? (
        <TextField
          name={`locations.${index}.refuseCheckInOverdueDays`}
          label={t('gymsettings:locations.overdueDays')}
          hint={t('gymsettings:locations.overdueHint')}
          inputMode="numeric"
          required
          testId={`gym-location-overdue-days-${index}`}
        />
      ) : (
        <p className="field__hint">{t('gymsettings:locations.overdueOff')}</p>
      )}
    </div>
  );
}

function GymForm({ gym, canEdit }: { gym: GymSettings; canEdit: boolean }) {
  const { t } = useTranslation(['gymsettings', 'settings']);
  const save = useSaveGym();
  const regenerate = useRegenerateJoinCode();
  const toast = useToast();
  const { describe } = useErrorText();
  const form = useContractForm<GymForm, typeof UpdateGymSettingsBody>(UpdateGymSettingsBody, {
    defaultValues: toForm(gym),
    toBody,
  });
  // The logo is a form value, so the body built at submit always carries the one picked last.
  const logo = useWatch({ control: form.control, name: 'logo' });
  const timezones = Timezone.options.map((value) => ({ value, label: value }));
  const shownLogo = logo === undefined ? gym.organization.logo : logo;
  return (
    <SettingsForm
      form={form}
      save={save}
      saved={t('gymsettings:saved')}
      onSaved={(data) => form.reset(toForm(data))}
      canEdit={canEdit}
      testId="gym-settings-form"
      submit={{ label: t('gymsettings:save'), busyLabel: t('gymsettings:saving'), testId: 'gym-save', tone: 'primary' }}
      errorTestId="gym-save-error"
    >
      <fieldset className="gym-fieldset" disabled={!canEdit}>
        <legend className="section-heading">{t('gymsettings:organization')}</legend>
        {!canEdit ? <Alert tone="info">{t('gymsettings:ownerOnly')}</Alert> : null}
        <TextField name="name" label={t('gymsettings:name')} required maxLength={100} testId="gym-name" />
        <LogoPicker value={shownLogo} onChange={(v) => form.setValue('logo', v, { shouldDirty: true })} />
        <div className="field">
          <label className="field__label" htmlFor="gym-brand-color">
            {t('gymsettings:brandColor')}
          </label>
          <div className="gym-color">
            <input id="gym-brand-color" type="color" {...form.register('brandColor')} data-testid="gym-brand-color" />
            <code>{form.watch('brandColor')}</code>
          </div>
          <p className="field__hint">{t('gymsettings:brandColorHint')}</p>
        </div>
        <fieldset className="choice-group">
          <legend className="field__label">{t('gymsettings:languages')}</legend>
          <div className="gym-languages">
            {GymLanguage.options.map((lang) => (
              <label key={lang} className="gym-check">
                <input type="checkbox" value={lang} {...form.register('languages')} data-testid={`gym-language-${lang}`} />
                <span>{t(`gymsettings:languageNames.${lang}`)}</span>
              </label>
            ))}
          </div>
          {form.formState.errors.languages ? <p className="field__error">{t('gymsettings:languagesRequired')}</p> : null}
        </fieldset>
        <SelectField name="timezone" label={t('gymsettings:timezone')} options={timezones} testId="gym-timezone" />
        <div className="field">
          <span className="field__label">{t('gymsettings:currency')}</span>
          <p data-testid="gym-currency">₹ {t('gymsettings:currencyName')}</p>
        </div>
        <div className="field">
          <span className="field__label">{t('gymsettings:joinCode')}</span>
          <div className="gym-join">
            <code className="gym-join__code" data-testid="gym-join-code">
              {gym.organization.joinCode}
            </code>
            {canEdit ? (
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={regenerate.isPending}
                onClick={() => regenerate.mutate(undefined, { onSuccess: () => toast.success(t('gymsettings:joinCodeNew')) })}
                data-testid="gym-join-regenerate"
              >
                {t('gymsettings:joinCodeRegenerate')}
              </button>
            ) : null}
          </div>
          <p className="field__hint">{t('gymsettings:joinCodeHint')}</p>
          {regenerate.isError ? <Alert tone="error">{describe(regenerate.error)}</Alert> : null}
        </div>
      </fieldset>

      <fieldset className="gym-fieldset" disabled={!canEdit}>
        <legend className="section-heading">{t('gymsettings:locations.title')}</legend>
        {gym.locations.map((l, i) => (
          <div key={l._id} className="gym-location" data-testid="gym-location">
            <TextField name={`locations.${i}.name`} label={t('gymsettings:locations.name')} required maxLength={100} />
            <TextField name={`locations.${i}.city`} label={t('gymsettings:locations.city')} required maxLength={100} />
            <SelectField name={`locations.${i}.timezone`} label={t('gymsettings:timezone')} options={timezones} />
            <TextField
              name={`locations.${i}.openingHours`}
              label={t('gymsettings:locations.hours')}
              hint={t('gymsettings:locations.hoursHint')}
              maxLength={200}
              optional
              testId={`gym-location-hours-${i}`}
            />
            <TextField
              name={`locations.${i}.capacity`}
              label={t('gymsettings:locations.capacity')}
              inputMode="numeric"
              optional
              testId={`gym-location-capacity-${i}`}
            />
            <OverdueEntryRule index={i} />
          </div>
        ))}
      </fieldset>

      <fieldset className="gym-fieldset" disabled={!canEdit}>
        <PlansEditor />
      </fieldset>
    </SettingsForm>
  );
}

/** Settings → Gym: the organization, its locations and plans (owner edits, admins read), and GST per location (payments'). */
export function GymSettingsTab() {
  const { t } = useTranslation(['gymsettings', 'settings']);
  const user = useUser();
  const gym = useGym();
  const canEdit = user.role === 'owner';
  return (
    <section className="settings-section" data-testid="gym-settings">
      <h3 className="section-heading">{t('settings:gym.title')}</h3>
      <p className="text-muted">{t('settings:gym.description')}</p>
      {gym.isPending ? (
        <LoadingState title={t('gymsettings:loading')} />
      ) : gym.isError ? (
        <ErrorState error={gym.error} title={t('gymsettings:loadFailed')} onRetry={() => void gym.refetch()} retrying={gym.isFetching} />
      ) : (
        <>
          <GymForm key={gym.dataUpdatedAt} gym={gym.data} canEdit={canEdit} />
          <GstSettings locations={gym.data.locations} canEdit={canEdit} />
          <TallySettings canEdit={canEdit} />
          <ReferralSettings canEdit={canEdit} />
        </>
      )}
    </section>
  );
}
