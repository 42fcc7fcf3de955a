import { MembershipType, SchedulingSettingsBody, type SchedulingSettings } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page-header';
import { useToast } from '../../../components/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { usePutSettings, useSchedulingSettings, type SettingsInput } from '../api/scheduling-api';
import { LocationPicker } from '../components/location-picker';
import { QueryView } from '../components/scheduling-states';
import { StaffNav } from '../components/staff-nav';
import { allowanceFrom, wholeFrom } from '../lib/form-text';
import { useScheduleLocation } from '../lib/use-schedule-location';
import '../scheduling.css';

interface SettingsForm {
  opensDaysBefore: string;
  closesMinutesBefore: string;
  lateCancelMinutes: string;
  confirmMinutes: string;
  noShowLimit: string;
  noShowPauseDays: string;
  allowances: Record<MembershipType, string>;
  ptAnyTrainer: boolean;
  packLateCancelUses: boolean;
  packNoShowUses: boolean;
}
type Flag = 'ptAnyTrainer' | 'packLateCancelUses' | 'packNoShowUses';

const valuesOf = (s: SchedulingSettings): SettingsForm => ({
  opensDaysBefore: String(s.opensDaysBefore),
  closesMinutesBefore: String(s.closesMinutesBefore),
  lateCancelMinutes: String(s.lateCancelMinutes),
  confirmMinutes: String(s.confirmMinutes),
  noShowLimit: String(s.noShowLimit),
  noShowPauseDays: String(s.noShowPauseDays),
  ptAnyTrainer: s.ptAnyTrainer,
  packLateCancelUses: s.packLateCancelUses,
  packNoShowUses: s.packNoShowUses,
  allowances: Object.fromEntries(MembershipType.options.map((p) => [p, s.allowances[p] == null ? '' : String(s.allowances[p])])) as Record<
    MembershipType,
    string
  >,
});

/** /dashboard/classes/settings: a location's booking rules. */
export function SchedulingSettingsPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('scheduling:settings.title'));
  const { locationId } = useScheduleLocation();
  const settings = useSchedulingSettings(locationId);
  return (
    <div className="page sched-page">
      <PageHeader title={t('scheduling:settings.title')} subtitle={t('scheduling:settings.subtitle')} />
      <StaffNav />
      <LocationPicker />
      <QueryView query={settings} loading={t('scheduling:common.loading')} errorTitle={t('scheduling:common.loadError')}>
        {(s) => <SettingsFormCard key={`${s.locationId}`} settings={s} />}
      </QueryView>
    </div>
  );
}

function SettingsFormCard({ settings }: { settings: SchedulingSettings }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const save = usePutSettings();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<SettingsForm, typeof SchedulingSettingsBody>(SchedulingSettingsBody, {
    defaultValues: valuesOf(settings),
    toBody: (v): SettingsInput => ({
      locationId: settings.locationId,
      opensDaysBefore: wholeFrom(v.opensDaysBefore) as number,
      closesMinutesBefore: wholeFrom(v.closesMinutesBefore) as number,
      lateCancelMinutes: wholeFrom(v.lateCancelMinutes) as number,
      confirmMinutes: wholeFrom(v.confirmMinutes) as number,
      noShowLimit: wholeFrom(v.noShowLimit) as number,
      noShowPauseDays: wholeFrom(v.noShowPauseDays) as number,
      allowances: Object.fromEntries(MembershipType.options.map((p) => [p, allowanceFrom(v.allowances[p] ?? '')])),
      ptAnyTrainer: v.ptAnyTrainer,
      packLateCancelUses: v.packLateCancelUses,
      packNoShowUses: v.packNoShowUses,
    }),
  });
  const onSubmit = (body: SettingsInput) =>
    save.mutate(body, {
      onSuccess: (s) => {
        toast.success(t('scheduling:settings.saved'));
        form.reset(valuesOf(s));
      },
      onError: (e) => {
        applyServerErrors(form, e);
        setAttempts((n) => n + 1);
      },
    });
  const num = (name: keyof Omit<SettingsForm, 'allowances' | Flag>, hint?: string) => (
    <TextField name={name} inputMode="numeric" autoComplete="off" label={t(`scheduling:settings.${name}`)} hint={hint} required testId={`settings-${name}`} />
  );
  return (
    <div className="card sched-card">
      <Form form={form} onSubmit={onSubmit} busy={save.isPending} testId="scheduling-settings-form">
        {save.isError ? (
          <Alert tone="error" shake={attempts}>
            {describe(save.error, { fallback: t('scheduling:settings.failed') })}
          </Alert>
        ) : null}
        <fieldset className="form__section">
          <legend className="section-heading">{t('scheduling:settings.window')}</legend>
          <div className="form__grid">
            {num('opensDaysBefore')}
            {num('closesMinutesBefore')}
          </div>
        </fieldset>
        <fieldset className="form__section">
          <legend className="section-heading">{t('scheduling:settings.lateCancel')}</legend>
          <div className="form__grid">
            {num('lateCancelMinutes')}
            {num('confirmMinutes')}
          </div>
        </fieldset>
        <fieldset className="form__section">
          <legend className="section-heading">{t('scheduling:settings.noShows')}</legend>
          <div className="form__grid">
            {num('noShowLimit', t('scheduling:settings.noShowLimitHint'))}
            {num('noShowPauseDays')}
          </div>
        </fieldset>
        <fieldset className="form__section">
          <legend className="section-heading">{t('scheduling:settings.personalTraining')}</legend>
          <label className="sched-check">
            <input type="checkbox" {...form.register('ptAnyTrainer')} aria-describedby="settings-pt-any-hint" data-testid="settings-ptAnyTrainer" />
            {t('scheduling:settings.ptAnyTrainer')}
          </label>
          <p className="sched-muted" id="settings-pt-any-hint">
            {t('scheduling:settings.ptAnyTrainerHint')}
          </p>
        </fieldset>
        <fieldset className="form__section" aria-describedby="settings-packs-hint">
          <legend className="section-heading">{t('scheduling:settings.packs')}</legend>
          {(['packLateCancelUses', 'packNoShowUses'] as const).map((flag) => (
            <label key={flag} className="sched-check">
              <input type="checkbox" {...form.register(flag)} data-testid={`settings-${flag}`} />
              {t(`scheduling:settings.${flag}`)}
            </label>
          ))}
          <p className="sched-muted" id="settings-packs-hint">
            {t('scheduling:settings.packsHint')}
          </p>
        </fieldset>
        <fieldset className="form__section">
          <legend className="section-heading">{t('scheduling:settings.allowances')}</legend>
          <p className="sched-muted">{t('scheduling:settings.allowancesHint')}</p>
          <div className="form__grid">
            {MembershipType.options.map((p) => (
              <TextField
                key={p}
                name={`allowances.${p}`}
                inputMode="numeric"
                autoComplete="off"
                label={t(`scheduling:plan.${p}`)}
                optional
                testId={`settings-allowance-${p}`}
              />
            ))}
          </div>
        </fieldset>
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={save.isPending} data-testid="settings-save">
            {save.isPending ? t('scheduling:settings.saving') : t('scheduling:settings.save')}
          </button>
        </div>
      </Form>
    </div>
  );
}
