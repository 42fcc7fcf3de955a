import { RecordMeasurementBody, type Measurement } from '@akhada/contracts';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { i18nRef } from '../../../components/form/field-message';
import { Form } from '../../../components/form/form';
import { DateField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { TrendingUpIcon } from '../../../components/icons/trending-up';
import { Modal } from '../../../components/modal';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import type { RecordMeasurementInput } from '../api/record-measurement';
import { measureFromInput, METRICS, type Metric } from '../lib/measurements';
import { todayIn } from '../lib/renewal';

// The chart and its library load with this tab only.
const MeasurementChart = lazy(async () => ({ default: (await import('./measurement-chart')).MeasurementChart }));

type MeasurementListData = { data: Measurement[]; totalCount: number };

/**
 * Body measurements over time: a chart of one measure, the table of every recording, the form to add one, and
 * (for staff) removing one recorded by mistake.
 */
export function ProgressPanel({
  query,
  record,
  remove,
  timeZone,
}: {
  query: UseQueryResult<MeasurementListData>;
  record: UseMutationResult<Measurement, Error, RecordMeasurementInput>;
  remove?: UseMutationResult<unknown, Error, string>;
  timeZone?: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const [adding, setAdding] = useState(false);
  if (query.isPending) return <LoadingState title={t('members:progress.loading')} />;
  if (query.isError) {
    return <ErrorState error={query.error} title={t('members:progress.failed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const items = query.data.data;
  const addButton = (
    <button type="button" className="btn btn--primary" onClick={() => setAdding(true)} data-testid="measure-add">
      {t('members:progress.add')}
    </button>
  );
  return (
    <div className="progress-panel">
      {adding ? (
        <section className="card" aria-labelledby="measure-form-title">
          <h3 id="measure-form-title" className="card__title">
            {t('members:progress.formTitle')}
          </h3>
          <MeasurementForm record={record} timeZone={timeZone} onDone={() => setAdding(false)} />
        </section>
      ) : null}
      {items.length === 0 ? (
        !adding ? (
          <div className="card">
            <EmptyState icon={<TrendingUpIcon size={28} />} title={t('members:progress.empty')} hint={t('members:progress.emptyHint')} action={addButton} />
          </div>
        ) : null
      ) : (
        <>
          <section className="card" aria-labelledby="measure-chart-title">
            <div className="card__head">
              <h3 id="measure-chart-title" className="card__title">
                {t('members:progress.chartTitle')}
              </h3>
              {!adding ? addButton : null}
            </div>
            <Suspense fallback={<LoadingState title={t('members:progress.loading')} />}>
              <MeasurementChart measurements={items} />
            </Suspense>
          </section>
          <section className="card card--flush" aria-labelledby="measure-table-title">
            <h3 id="measure-table-title" className="card__title card__title--padded">
              {t('members:progress.tableTitle', { count: query.data.totalCount })}
            </h3>
            <MeasurementTable items={items} remove={remove} />
          </section>
        </>
      )}
    </div>
  );
}

const unit: Record<Metric, string> = { weightKg: 'kg', bodyFatPercent: '%', chestCm: 'cm', waistCm: 'cm', armsCm: 'cm' };
/** The ranges the contract accepts, shown under each field. */
const range: Record<Metric, [number, number]> = { weightKg: [20, 400], bodyFatPercent: [2, 75], chestCm: [40, 250], waistCm: [30, 250], armsCm: [10, 100] };

function MeasurementTable({ items, remove }: { items: Measurement[]; remove?: UseMutationResult<unknown, Error, string> }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const nf = new Intl.NumberFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits: 1 });
  const [removing, setRemoving] = useState<Measurement | null>(null);
  const confirmRemove = () => {
    if (!remove || !removing || remove.isPending) return;
    remove.mutate(removing._id, {
      onSuccess: () => {
        toast.success(t('members:progress.removed'));
        setRemoving(null);
      },
      onError: (error) => toast.error(describe(error, { fallback: t('members:progress.removeFailed') })),
    });
  };
  return (
    <div className="table-wrap">
      <table className="table table--stack" data-testid="measure-table">
        <caption className="visually-hidden">{t('members:progress.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('members:progress.date')}</th>
            {METRICS.map((m) => (
              <th scope="col" key={m}>
                {t(`members:progress.metrics.${m}`)}
              </th>
            ))}
            <th scope="col">{t('members:progress.recordedBy')}</th>
            {remove ? (
              <th scope="col" className="table__actions-head">
                {t('members:columns.actions')}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {items.map((row) => (
            <tr key={row._id} data-testid="measure-row">
              <th scope="row" className="table__primary">
                {formatDate(row.measuredOn, i18n.language)}
                {row.notes ? <span className="cell-sub measure-notes">{row.notes}</span> : null}
              </th>
              {METRICS.map((m) => (
                <td key={m} data-label={t(`members:progress.metrics.${m}`)}>
                  {row[m] === null ? <span className="text-muted">—</span> : `${nf.format(row[m])}${unit[m] === '%' ? '' : ' '}${unit[m]}`}
                </td>
              ))}
              <td data-label={t('members:progress.recordedBy')}>{row.recordedBy.name}</td>
              {remove ? (
                <td className="table__actions">
                  <button
                    type="button"
                    className="btn btn--secondary btn--sm"
                    onClick={() => setRemoving(row)}
                    disabled={remove.isPending}
                    aria-label={t('members:progress.removeLabel', { date: formatDate(row.measuredOn, i18n.language) })}
                    data-testid="measure-remove"
                  >
                    {t('members:progress.remove')}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {remove ? (
        <Modal
          open={removing !== null}
          onClose={() => setRemoving(null)}
          title={t('members:progress.removeTitle')}
          size="sm"
          testId="measure-remove-dialog"
          footer={
            <>
              <button type="button" className="btn btn--secondary" onClick={() => setRemoving(null)} data-autofocus>
                {t('members:common.cancel')}
              </button>
              <button type="button" className="btn btn--danger" onClick={confirmRemove} disabled={remove.isPending} data-testid="measure-remove-confirm">
                {remove.isPending ? t('members:confirm.working') : t('members:progress.remove')}
              </button>
            </>
          }
        >
          <p>{removing ? t('members:progress.removeConfirm', { date: formatDate(removing.measuredOn, i18n.language) }) : null}</p>
        </Modal>
      ) : null}
    </div>
  );
}

type MeasureForm = Record<Metric, string> & { measuredOn: string; notes: string };

function MeasurementForm({
  record,
  timeZone,
  onDone,
}: {
  record: UseMutationResult<Measurement, Error, RecordMeasurementInput>;
  timeZone?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const form = useContractForm<MeasureForm, typeof RecordMeasurementBody>(RecordMeasurementBody, {
    defaultValues: { measuredOn: todayIn(timeZone), weightKg: '', bodyFatPercent: '', chestCm: '', waistCm: '', armsCm: '', notes: '' },
    toBody: (v: MeasureForm): RecordMeasurementInput => ({
      measuredOn: v.measuredOn || undefined,
      weightKg: measureFromInput(v.weightKg),
      bodyFatPercent: measureFromInput(v.bodyFatPercent),
      chestCm: measureFromInput(v.chestCm),
      waistCm: measureFromInput(v.waistCm),
      armsCm: measureFromInput(v.armsCm),
      notes: v.notes.trim() ? v.notes : undefined,
    }),
    check: (v): Record<string, string> => (METRICS.every((m) => v[m].trim() === '') ? { weightKg: i18nRef('members:progress.atLeastOne') } : {}),
  });
  const close = () => {
    record.reset();
    onDone();
  };
  const onSubmit = (body: RecordMeasurementInput) => {
    if (record.isPending) return;
    record.mutate(body, {
      onSuccess: () => {
        toast.success(t('members:progress.saved'));
        close();
      },
      onError: () => setAttempts((n) => n + 1),
    });
  };
  return (
    <Form form={form} onSubmit={onSubmit} busy={record.isPending} testId="measure-form">
      {record.isError ? (
        <Alert tone="error" shake={attempts} testId="measure-error">
          {describe(record.error, { fallback: t('members:progress.saveFailed') })}
        </Alert>
      ) : null}
      <div className="form__grid">
        <DateField name="measuredOn" label={t('members:progress.date')} data-autofocus autoFocus />
        {METRICS.map((m) => (
          <TextField
            key={m}
            name={m}
            label={`${t(`members:progress.metrics.${m}`)} (${unit[m]})`}
            inputMode="decimal"
            autoComplete="off"
            optional
            hint={t('members:progress.range', { min: range[m][0], max: range[m][1], unit: unit[m] })}
            testId={`measure-${m}`}
          />
        ))}
        <TextareaField name="notes" label={t('members:progress.notes')} optional rows={2} maxLength={500} fieldClassName="field--full" />
      </div>
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={close}>
          {t('members:common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={record.isPending} data-testid="measure-save">
          {record.isPending ? t('members:progress.saving') : t('members:progress.save')}
        </button>
      </div>
    </Form>
  );
}
