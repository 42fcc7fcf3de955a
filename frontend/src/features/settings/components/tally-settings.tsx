import { PaymentMethod, TallyLedgers } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useSaveTallyLedgers, useTallyLedgers } from '../api/tally';
import { SettingsForm } from './settings-form';

const TAX_LEDGERS = ['sales', 'cgst', 'sgst', 'igst', 'roundOff'] as const;

function TallyForm({ ledgers, canEdit }: { ledgers: TallyLedgers; canEdit: boolean }) {
  const { t } = useTranslation(['gymsettings', 'payments']);
  const save = useSaveTallyLedgers();
  const form = useContractForm<TallyLedgers, typeof TallyLedgers>(TallyLedgers, { defaultValues: ledgers, toBody: (v) => v });
  return (
    <SettingsForm
      form={form}
      save={save}
      saved={t('gymsettings:saved')}
      canEdit={canEdit}
      testId="gym-tally-form"
      submit={{ label: t('gymsettings:tally.save'), testId: 'gym-tally-save' }}
    >
      <fieldset className="gym-fieldset" disabled={!canEdit}>
        <legend className="section-heading">{t('gymsettings:tally.title')}</legend>
        <p className="text-muted">{t('gymsettings:tally.hint')}</p>
        {TAX_LEDGERS.map((k) => (
          <TextField key={k} name={k} label={t(`gymsettings:tally.${k}`)} maxLength={100} required testId={`tally-${k}`} />
        ))}
        {PaymentMethod.options.map((m) => (
          <TextField
            key={m}
            name={`methods.${m}`}
            label={t('gymsettings:tally.method', { method: t(`payments:methods.${m}`) })}
            maxLength={100}
            required
            testId={`tally-method-${m}`}
          />
        ))}
      </fieldset>
    </SettingsForm>
  );
}

/** Settings → Gym: the Tally ledger names the accountant's Tally uses (payments' Tally export reads them). */
export function TallySettings({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation(['gymsettings']);
  const ledgers = useTallyLedgers();
  if (ledgers.isPending) return <LoadingState title={t('gymsettings:loading')} />;
  if (ledgers.isError)
    return <ErrorState error={ledgers.error} title={t('gymsettings:tally.loadFailed')} onRetry={() => void ledgers.refetch()} retrying={ledgers.isFetching} />;
  return <TallyForm key={ledgers.dataUpdatedAt} ledgers={ledgers.data} canEdit={canEdit} />;
}
