import { PutTaxSettingsBody, type GymSettings, type TaxSettings } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useTaxSettings } from '../../../lib/shared-queries/payments';
import { useSaveTaxSettings } from '../api/gym';
import { SettingsForm } from './settings-form';

interface GstForm {
  sacCode: string;
  hindiInvoices: boolean;
  locations: { locationId: string; gstRegistered: boolean; gstin: string; stateCode: string; legalName: string; address: string; invoicePrefix: string }[];
}

const toForm = (tax: TaxSettings, locations: GymSettings['locations'], gymName: string): GstForm => ({
  sacCode: tax.sacCode,
  hindiInvoices: tax.hindiInvoices,
  locations: locations.map((l) => {
    const s = tax.locations.find((x) => x.locationId === l._id);
    return {
      locationId: l._id,
      gstRegistered: s?.gstRegistered ?? false,
      gstin: s?.gstin ?? '',
      stateCode: s?.stateCode ?? '27',
      legalName: s?.legalName ?? gymName,
      address: s?.address ?? l.city,
      invoicePrefix:
        s?.invoicePrefix ??
        (l.name
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(0, 3)
          .toUpperCase() ||
          'INV'),
    };
  }),
});

function GstForm({ tax, locations, canEdit }: { tax: TaxSettings; locations: GymSettings['locations']; canEdit: boolean }) {
  const { t } = useTranslation(['gymsettings']);
  const save = useSaveTaxSettings();
  const form = useContractForm<GstForm, typeof PutTaxSettingsBody>(PutTaxSettingsBody, {
    defaultValues: toForm(tax, locations, locations[0]?.name ?? ''),
    toBody: (v) => ({ ...v, locations: v.locations.map((l) => ({ ...l, gstin: l.gstin.trim() === '' ? null : l.gstin })) }),
  });
  return (
    <SettingsForm
      form={form}
      save={save}
      saved={t('gymsettings:saved')}
      canEdit={canEdit}
      testId="gym-gst-form"
      submit={{ label: t('gymsettings:gst.save'), testId: 'gym-gst-save' }}
    >
      <fieldset className="gym-fieldset" disabled={!canEdit}>
        <legend className="section-heading">{t('gymsettings:gst.title')}</legend>
        <p className="text-muted">{t('gymsettings:gst.hint')}</p>
        {locations.map((l, i) => (
          <div key={l._id} className="gym-location" data-testid="gym-gst-location">
            <p className="gym-location__name">{l.name}</p>
            <label className="gym-check">
              <input type="checkbox" {...form.register(`locations.${i}.gstRegistered`)} />
              <span>{t('gymsettings:gst.registered')}</span>
            </label>
            <TextField name={`locations.${i}.gstin`} label={t('gymsettings:gst.gstin')} hint={t('gymsettings:gst.gstinHint')} maxLength={15} optional />
            <TextField
              name={`locations.${i}.stateCode`}
              label={t('gymsettings:gst.state')}
              hint={t('gymsettings:gst.stateHint')}
              maxLength={2}
              inputMode="numeric"
              required
            />
            <TextField name={`locations.${i}.legalName`} label={t('gymsettings:gst.legalName')} maxLength={120} required />
            <TextField name={`locations.${i}.address`} label={t('gymsettings:gst.address')} maxLength={300} required />
            <TextField name={`locations.${i}.invoicePrefix`} label={t('gymsettings:gst.prefix')} maxLength={4} required />
          </div>
        ))}
      </fieldset>
    </SettingsForm>
  );
}

/** GST registration, GSTIN, state and invoice address per location: payments' tax settings (one source of truth), edited here. */
export function GstSettings({ locations, canEdit }: { locations: GymSettings['locations']; canEdit: boolean }) {
  const { t } = useTranslation(['gymsettings']);
  const tax = useTaxSettings(true);
  if (tax.isPending) return <LoadingState title={t('gymsettings:loading')} />;
  if (tax.isError) return <ErrorState error={tax.error} title={t('gymsettings:gst.loadFailed')} onRetry={() => void tax.refetch()} retrying={tax.isFetching} />;
  return <GstForm key={tax.dataUpdatedAt} tax={tax.data} locations={locations} canEdit={canEdit} />;
}
