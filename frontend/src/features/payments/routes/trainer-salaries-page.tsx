import { PaymentMethod, TrainerSalaryBody, type TrainerSalaryRow } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { optionalText, rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { DumbbellIcon } from '../../../components/icons/dumbbell';
import { Modal } from '../../../components/modal';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { usePaySalary, useSalaries } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';
import { MONTHS, monthName, salaryYears } from '../lib/payment-labels';

const SALARY_TONE = { paid: 'badge--success', pending: 'badge--priority-high', unpaid: 'badge--neutral' } as const;

/** /dashboard/payments/trainer-salaries: every active trainer's salary for a month; pay it once per month. */
export function TrainerSalariesPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const now = new Date();
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [year, setYear] = useState(now.getFullYear());
  const [paying, setPaying] = useState<TrainerSalaryRow | null>(null);
  const query = useSalaries(month, year);

  let body;
  if (query.isPending) body = <LoadingState title={t('payments:salaries.loading')} />;
  else if (query.isError)
    body = <ErrorState error={query.error} title={t('payments:salaries.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0) body = <EmptyState icon={<DumbbellIcon size={28} />} title={t('payments:salaries.empty')} />;
  else
    body = (
      <div className="table-wrap">
        <table className="table pay-table" data-testid="salaries-table" aria-busy={query.isFetching}>
          <caption className="visually-hidden">{t('payments:salaries.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('payments:salaries.trainer')}</th>
              <th scope="col">{t('payments:table.status')}</th>
              <th scope="col" className="pay-num">
                {t('payments:salaries.salary')}
              </th>
              <th scope="col" className="pay-num">
                {t('payments:salaries.totalPaid')}
              </th>
              <th scope="col" className="table__actions-head">
                {t('payments:table.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((row) => (
              <tr key={row.trainerId} data-testid="salary-row">
                <td data-label={t('payments:salaries.trainer')} className="cell-strong">
                  {row.trainerName}
                </td>
                <td data-label={t('payments:table.status')}>
                  <span className={`badge ${SALARY_TONE[row.status]}`} data-testid="salary-status">
                    {t(`payments:salaries.status.${row.status}`)}
                  </span>
                </td>
                <td data-label={t('payments:salaries.salary')} className="pay-num">
                  {formatRupees2(row.salaryAmount)}
                </td>
                <td data-label={t('payments:salaries.totalPaid')} className="pay-num">
                  {formatRupees2(row.totalPaid)}
                </td>
                <td className="table__actions">
                  {row.status === 'unpaid' ? (
                    <button type="button" className="btn btn--primary btn--sm" onClick={() => setPaying(row)} data-testid="pay-salary">
                      {t('payments:salaries.pay')}
                    </button>
                  ) : (
                    <span className="text-muted">{t('payments:salaries.recorded')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <PaymentsPage title={t('payments:salaries.title')} subtitle={t('payments:salaries.subtitle')} testId="salaries-page">
      <section className="card pay-toolbar pay-filters">
        <label className="field">
          <span className="field__label">{t('payments:create.salaryMonth')}</span>
          <select className="input select" value={month} onChange={(e) => setMonth(Number(e.target.value))} data-testid="salaries-month">
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {monthName(m, i18n.language)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('payments:create.salaryYear')}</span>
          <select className="input select" value={year} onChange={(e) => setYear(Number(e.target.value))} data-testid="salaries-year">
            {salaryYears().map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </section>
      <section className="card card--flush">{body}</section>
      <Modal
        open={paying !== null}
        onClose={() => setPaying(null)}
        title={t('payments:salaries.dialogTitle', { name: paying?.trainerName ?? '', month: monthName(month, i18n.language), year })}
        testId="salary-dialog"
      >
        {paying ? <SalaryForm row={paying} month={month} year={year} onDone={() => setPaying(null)} /> : null}
      </Modal>
    </PaymentsPage>
  );
}

interface SalaryFormValues {
  amount: string;
  paymentType: 'salary' | 'commission' | 'bonus' | 'incentive';
  paymentMethod: PaymentMethod;
  notes: string;
  month: number;
  year: number;
}

function SalaryForm({ row, month, year, onDone }: { row: TrainerSalaryRow; month: number; year: number; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const pay = usePaySalary();
  const form = useContractForm<SalaryFormValues, typeof TrainerSalaryBody>(TrainerSalaryBody, {
    defaultValues: { amount: '', paymentType: 'salary', paymentMethod: 'netbanking', notes: '', month, year },
    toBody: (v) => ({ ...v, amount: rupeesFromInput(v.amount), notes: optionalText(v.notes) }),
  });
  const onSubmit = (body: z.output<typeof TrainerSalaryBody>) =>
    pay.mutate(
      { trainerId: row.trainerId, body },
      {
        onSuccess: () => {
          toast.success(t('payments:salaries.paid', { name: row.trainerName }));
          onDone();
        },
        onError: (e) => applyServerErrors(form, e),
      },
    );
  return (
    <Form form={form} onSubmit={onSubmit} busy={pay.isPending} testId="salary-form">
      {pay.isError ? <Alert tone="error">{describe(pay.error, { fallback: t('payments:salaries.failed') })}</Alert> : null}
      <div className="form__grid">
        <MoneyField name="amount" label={t('payments:create.amount')} required data-autofocus testId="salary-amount" />
        <SelectField
          name="paymentMethod"
          label={t('payments:create.method')}
          options={PaymentMethod.options.map((m) => ({ value: m, label: t(`payments:methods.${m}`) }))}
          testId="salary-method"
        />
        <TextareaField name="notes" label={t('payments:create.notes')} optional rows={2} maxLength={1000} fieldClassName="form__span" />
      </div>
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          {t('payments:create.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={pay.isPending} data-testid="salary-submit">
          {t('payments:salaries.pay')}
        </button>
      </div>
    </Form>
  );
}
