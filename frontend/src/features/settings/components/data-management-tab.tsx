import { EXPORT_SOURCES, SettingsExportQuery, type ExportDataType } from '@akhada/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Spinner } from '../../../components/spinner';
import { useUser } from '../../../lib/auth/session';
import { ALL_NS } from '../../../locales/resources';
import { downloadDataExport } from '../api/data-export';

/** The types whose service serves an export today, then `all` (a zip of every type). */
const TYPES: ExportDataType[] = [...(Object.keys(EXPORT_SOURCES) as ExportDataType[]).filter((k) => k !== 'all' && EXPORT_SOURCES[k as never]), 'all'];

/**
 * Settings → Data management. Owners and admins export the organization's records (one type as CSV or JSON, or all
 * of them as a zip); a member downloads their own data (profile and feedback; a zip). The file is streamed by the
 * services through the gateway.
 */
export function DataManagementTab() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const staff = user.role === 'owner' || user.role === 'admin';
  const form = useContractForm<{ dataType: string; format: string }, typeof SettingsExportQuery>(SettingsExportQuery, {
    toBody: (v) => v,
    defaultValues: { dataType: staff ? 'members' : 'all', format: 'csv' },
  });
  const download = useMutation({ mutationFn: downloadDataExport });
  const dataType = form.watch('dataType');

  return (
    <section className="settings-section" data-testid="data-management">
      <h3 className="section-heading">{t(staff ? 'settings:data.title' : 'settings:data.memberTitle')}</h3>
      <p className="text-muted">{t(staff ? 'settings:data.description' : 'settings:data.memberDescription')}</p>
      <Form form={form} onSubmit={(q) => download.mutate(q)} busy={download.isPending} testId="data-export-form">
        {staff ? (
          <div className="form__grid">
            <SelectField
              name="dataType"
              label={t('settings:data.dataType')}
              testId="data-export-type"
              options={TYPES.map((v) => ({ value: v, label: t(`settings:data.types.${v}`) }))}
            />
            <SelectField
              name="format"
              label={t('settings:data.format')}
              testId="data-export-format"
              hint={dataType === 'all' ? t('settings:data.zipHint') : dataType === 'inventory' ? t('settings:data.inventoryZipHint') : undefined}
              options={(['csv', 'json'] as const).map((v) => ({ value: v, label: t(`settings:data.formats.${v}`) }))}
            />
          </div>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={download.isPending} data-testid="data-export-submit">
            {download.isPending ? <Spinner size="sm" /> : null}
            {download.isPending ? t('settings:data.preparing') : t(staff ? 'settings:data.download' : 'settings:data.downloadMine')}
          </button>
        </div>
      </Form>
      {download.isSuccess ? (
        <Alert tone="success" testId="data-export-done">
          {t('settings:data.done', { name: download.data })}
        </Alert>
      ) : null}
      {download.isError ? (
        <ErrorState
          error={download.error}
          title={t('settings:data.failed')}
          onRetry={() => download.variables && download.mutate(download.variables)}
          retrying={download.isPending}
        />
      ) : null}
    </section>
  );
}
