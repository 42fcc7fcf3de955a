import { ReferralSettingsBody, type ReferralSettings as Settings } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useReferralSettings, useSaveReferralSettings } from '../api/referral-settings';

function ReferralForm({ settings, canEdit }: { settings: Settings; canEdit: boolean }) {
  const { t } = useTranslation(['gymsettings']);
  const save = useSaveReferralSettings();
  const toast = useToast();
  const { describe } = useErrorText();
  const [failed, setFailed] = useState(0);
  const form = useContractForm<{ rewardDays: string }, typeof ReferralSettingsBody>(ReferralSettingsBody, {
    defaultValues: { rewardDays: String(settings.rewardDays) },
    toBody: (v) => ({ rewardDays: v.rewardDays.trim() === '' ? Number.NaN : Number(v.rewardDays) }),
  });
  return (
    <Form
      form={form}
      busy={save.isPending}
      testId="gym-referral-form"
      onSubmit={(body) =>
        save.mutate(body, {
          onSuccess: () => toast.success(t('gymsettings:saved')),
          onError: (e) => {
            if (applyServerErrors(form, e) === 0) setFailed((n) => n + 1);
          },
        })
      }
    >
      <fieldset className="gym-fieldset" disabled={!canEdit}>
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
      </fieldset>
      {failed && save.isError ? (
        <Alert tone="error" shake={failed}>
          {describe(save.error)}
        </Alert>
      ) : null}
      {canEdit ? (
        <div className="form__actions">
          <button type="submit" className="btn btn--secondary" disabled={save.isPending} data-testid="gym-referral-save">
            {t('gymsettings:referral.save')}
          </button>
        </div>
      ) : null}
    </Form>
  );
}

/** The gym's referral reward (members' setting): free days added to a referrer's membership when a referred lead joins. */
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
