import { ReferralSettingsBody, type ReferralSettings as Settings } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useReferralSettings, useSaveReferralSettings } from '../api/referral-settings';
import { SettingsForm } from './settings-form';

function ReferralForm({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const { t } = useTranslation(['gymsettings']);
  const save = useSaveReferralSettings();
  const form = useContractForm<{ rewardDays: string; rewardCredit: string }, typeof ReferralSettingsBody>(ReferralSettingsBody, {
    defaultValues: { rewardDays: String(settings.rewardDays), rewardCredit: settings.rewardCredit ? String(settings.rewardCredit) : '' },
    // Empty credit is none (0): sent so that clearing the field turns a credit off (absent would keep it).
    toBody: (v) => ({
      rewardDays: v.rewardDays.trim() === '' ? Number.NaN : Number(v.rewardDays),
      rewardCredit: rupeesFromInput(v.rewardCredit) ?? 0,
    }),
  });
  return (
    <SettingsForm
      form={form}
      save={save}
      saved={t('gymsettings:saved')}
      canEdit={canEdit}
      testId="gym-referral-form"
      submit={{ label: t('gymsettings:referral.save'), testId: 'gym-referral-save' }}
    >
      <fieldset className="gym-fieldset gym-referral" disabled={!canEdit}>
        <legend className="section-heading">{t('gymsettings:referral.title')}</legend>
        <p className="text-muted">{t('gymsettings:referral.hint')}</p>
        <TextField
          name="rewardDays"
          label={t('gymsettings:referral.days')}
          hint={t('gymsettings:referral.daysHint')}
          inputMode="numeric"
          maxLength={3}
          required
        />
        <MoneyField
          name="rewardCredit"
          label={t('gymsettings:referral.credit')}
          hint={t('gymsettings:referral.creditHint')}
          maxLength={12}
          optional
          testId="gym-referral-credit"
        />
      </fieldset>
    </SettingsForm>
  );
}

/**
 * The gym's referral reward (members' setting): free days added to a referrer's membership and/or a credit (rupees) taken
 * off their next membership payment, when a referred lead joins.
 */
export function ReferralSettings({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(['gymsettings']);
  const settings = useReferralSettings();
  if (settings.isPending) return <LoadingState title={t('gymsettings:loading')} />;
  if (settings.isError)
    return (
      <ErrorState error={settings.error} title={t('gymsettings:referral.loadFailed')} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
    );
  return <ReferralForm key={settings.dataUpdatedAt} settings={settings.data} canEdit={canEdit} />;
}
