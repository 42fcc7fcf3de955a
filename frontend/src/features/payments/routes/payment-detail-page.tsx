import { carriesGymGst, MembershipType, PaymentMethod, RefundBody, UpdatePaymentBody, type Payment } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasReferralCredit, useReferralCreditNote } from '../../../components/referral-credit';
import { formatRupees2 } from '../../../lib/money';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { optionalText, rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { PayOnlineButton } from '../../../components/pay-online-button';
import { PaymentStatusBadge } from '../../../components/payments-list';
import { LoadingState } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCreateInvoice, useDeletePayment, useMarkPaid, usePayment, useRefund, useUpdatePayment } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';
import { useInvoiceDownload } from './invoices-page';

const remainingOf = (p: Payment) => Math.round(p.totalAmount * 100 - p.refundedAmount * 100) / 100;

/** /dashboard/payments/history/:id: one payment, its history, and what may be done with it now. */
export function PaymentDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(ALL_NS);
  const navigate = useNavigate();
  const toast = useToast();
  const { describe } = useErrorText();
  const query = usePayment(id);
  const markPaid = useMarkPaid();
  const creditNote = useReferralCreditNote();
  const del = useDeletePayment();
  const invoice = useCreateInvoice();
  const { download, busy: downloading } = useInvoiceDownload();
  const [dialog, setDialog] = useState<'refund' | 'edit' | 'delete' | null>(null);
  const lang = i18n.language;

  if (query.isPending)
    return (
      <PaymentsPage title={t('payments:detail.title')}>
        <LoadingState title={t('payments:detail.loading')} />
      </PaymentsPage>
    );
  if (query.isError)
    return (
      <PaymentsPage title={t('payments:detail.title')}>
        <section className="card">
          <ErrorState error={query.error} title={t('payments:detail.error')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </section>
      </PaymentsPage>
    );
  const p = query.data;
  const refundable = p.status === 'completed' || p.status === 'partially_refunded';
  const who = p.member ?? p.trainer;

  const onMarkPaid = () =>
    markPaid.mutate(
      { id: p._id },
      {
        onSuccess: (paid) => toast.success([t('payments:detail.markedPaid'), creditNote(paid.referralCredit)].filter(Boolean).join(' ')),
        onError: (e) => toast.error(describe(e, { fallback: t('payments:pending.markPaidFailed') })),
      },
    );
  const onInvoice = () =>
    invoice.mutate(p._id, {
      onSuccess: (inv) => toast.success(t('payments:detail.invoiceIssued', { number: inv.number })),
      onError: (e) => toast.error(describe(e, { fallback: t('payments:detail.invoiceFailed') })),
    });
  const onDelete = () =>
    del.mutate(p._id, {
      onSuccess: () => {
        toast.success(t('payments:detail.deleted'));
        void navigate('/dashboard/payments/history');
      },
    });

  return (
    <PaymentsPage
      title={p.description}
      subtitle={t(`payments:types.${p.paymentType}` as 'payments:types.other')}
      testId="payment-detail"
      actions={<PaymentStatusBadge status={p.status} />}
    >
      {p.refundedAfterExpiry ? (
        <Alert tone="info" testId="refund-reason">
          {t('payments:refundedAfterExpiry')}
        </Alert>
      ) : null}
      <div className="pay-grid">
        <section className="card pay-panel" aria-labelledby="pd-facts">
          <h2 id="pd-facts" className="card__title">
            {t('payments:detail.facts')}
          </h2>
          <dl className="facts" data-testid="payment-facts">
            <div>
              <dt>{t('payments:table.person')}</dt>
              <dd>{who?.name ?? t('payments:table.noPerson')}</dd>
            </div>
            <div>
              <dt>{t('payments:create.category')}</dt>
              <dd>{t(`payments:categories.${p.paymentCategory}`)}</dd>
            </div>
            {hasReferralCredit(p.referralCredit) ? (
              <div>
                <dt>{t('payments:referralCredit.label')}</dt>
                <dd data-testid="detail-referral-credit">−{formatRupees2(p.referralCredit)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('payments:create.amount')}</dt>
              <dd>{formatRupees2(p.amount)}</dd>
            </div>
            <div>
              <dt>{t('payments:create.gst')}</dt>
              <dd data-testid="detail-gst">
                {formatRupees2(p.gstAmount)}
                {p.gstSplit && p.gstSplit.supply !== 'none' ? (
                  <span className="cell-sub" data-testid="detail-gst-split">
                    {p.gstSplit.supply === 'inter_state'
                      ? t('payments:detail.gstIgst', { rate: p.gstSplit.ratePercent, igst: formatRupees2(p.gstSplit.igst) })
                      : t('payments:detail.gstCgstSgst', {
                          rate: p.gstSplit.ratePercent,
                          cgst: formatRupees2(p.gstSplit.cgst),
                          sgst: formatRupees2(p.gstSplit.sgst),
                        })}
                  </span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>{t('payments:create.total')}</dt>
              <dd data-testid="detail-total">{formatRupees2(p.totalAmount)}</dd>
            </div>
            {p.refundedAmount > 0 ? (
              <div>
                <dt>{t('payments:detail.refunded')}</dt>
                <dd>{formatRupees2(p.refundedAmount)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('payments:create.method')}</dt>
              <dd>{t(`payments:methods.${p.paymentMethod}`)}</dd>
            </div>
            {p.membershipType ? (
              <div>
                <dt>{t('payments:create.membershipType')}</dt>
                <dd>{t(`payments:membershipTypes.${p.membershipType}`)}</dd>
              </div>
            ) : null}
            {p.membershipPeriod ? (
              <div>
                <dt>{t('payments:detail.period')}</dt>
                <dd>
                  {formatDate(p.membershipPeriod.startDate, lang)} – {formatDate(p.membershipPeriod.endDate, lang)}
                </dd>
              </div>
            ) : null}
            {p.salaryPeriod ? (
              <div>
                <dt>{t('payments:detail.salaryPeriod')}</dt>
                <dd>{`${String(p.salaryPeriod.month).padStart(2, '0')}/${p.salaryPeriod.year}`}</dd>
              </div>
            ) : null}
            {p.dueDate ? (
              <div>
                <dt>{t('payments:create.dueDate')}</dt>
                <dd>{formatDate(p.dueDate, lang)}</dd>
              </div>
            ) : null}
            {p.paidAt ? (
              <div>
                <dt>{t('payments:detail.paidAt')}</dt>
                <dd>{formatDateTime(p.paidAt, lang)}</dd>
              </div>
            ) : null}
            {p.invoice ? (
              <div>
                <dt>{t('payments:invoices.number')}</dt>
                <dd className="pay-mono" data-testid="detail-invoice-number">
                  {p.invoice.number}
                </dd>
              </div>
            ) : null}
            {p.billing ? (
              <div>
                <dt>{t('payments:create.billingTitle')}</dt>
                <dd data-testid="detail-billing">
                  <span className="pay-mono">{p.billing.gstin}</span>
                  {p.billing.name ? <span className="pay-block">{p.billing.name}</span> : null}
                  <span className="pay-block text-muted">{p.billing.address}</span>
                </dd>
              </div>
            ) : null}
            {p.notes ? (
              <div>
                <dt>{t('payments:create.notes')}</dt>
                <dd>{p.notes}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section className="card pay-panel" aria-labelledby="pd-actions">
          <h2 id="pd-actions" className="card__title">
            {t('payments:table.actions')}
          </h2>
          <div className="pay-actions">
            {p.status === 'pending' ? (
              <>
                <button type="button" className="btn btn--primary" onClick={onMarkPaid} disabled={markPaid.isPending} data-testid="detail-mark-paid">
                  {t('payments:pending.markPaid')}
                </button>
                <button type="button" className="btn btn--secondary" onClick={() => setDialog('edit')} data-testid="detail-edit">
                  {t('payments:detail.edit')}
                </button>
                <button type="button" className="btn btn--secondary pay-danger" onClick={() => setDialog('delete')} data-testid="detail-delete">
                  {t('payments:detail.delete')}
                </button>
              </>
            ) : null}
            {refundable && remainingOf(p) > 0 ? (
              <button type="button" className="btn btn--secondary" onClick={() => setDialog('refund')} data-testid="detail-refund">
                {t('payments:detail.refund')}
              </button>
            ) : null}
            {p.invoice ? (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => void download({ _id: p.invoice!._id, number: p.invoice!.number })}
                disabled={downloading !== null}
                data-testid="detail-invoice-download"
              >
                {t('payments:invoices.download')}
              </button>
            ) : p.status === 'completed' && p.paymentCategory === 'member' ? (
              <button type="button" className="btn btn--secondary" onClick={onInvoice} disabled={invoice.isPending} data-testid="detail-invoice-issue">
                {t('payments:detail.issueInvoice')}
              </button>
            ) : null}
          </div>
          <PayOnlineButton payment={p} />
        </section>
      </div>
      <section className="card pay-panel" aria-labelledby="pd-history">
        <h2 id="pd-history" className="card__title">
          {t('payments:detail.history')}
        </h2>
        <ol className="pay-timeline" data-testid="payment-history">
          {p.history.map((h, i) => (
            <li key={`${h.at}-${i}`} className="pay-timeline__item">
              <span className="pay-timeline__action">{t(`payments:historyActions.${h.action}`)}</span>
              {h.amount !== null ? <span className="pay-num"> · {formatRupees2(h.amount)}</span> : null}
              <span className="text-muted">
                {' '}
                · {formatDateTime(h.at, lang)} · {h.by?.name ?? t('payments:detail.system')}
              </span>
              {h.note ? <p className="text-muted pay-timeline__note">{h.note}</p> : null}
            </li>
          ))}
        </ol>
      </section>

      <Modal open={dialog === 'refund'} onClose={() => setDialog(null)} title={t('payments:refund.title')} testId="refund-dialog">
        {dialog === 'refund' ? <RefundForm payment={p} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <Modal open={dialog === 'edit'} onClose={() => setDialog(null)} title={t('payments:detail.editTitle')} size="lg" testId="edit-dialog">
        {dialog === 'edit' ? <EditForm payment={p} onDone={() => setDialog(null)} /> : null}
      </Modal>
      <Modal
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={t('payments:detail.deleteTitle')}
        description={t('payments:detail.deleteBody', { amount: formatRupees2(p.totalAmount) })}
        size="sm"
        testId="delete-dialog"
        footer={
          <>
            <button type="button" className="btn btn--secondary" onClick={() => setDialog(null)}>
              {t('payments:create.cancel')}
            </button>
            <button type="button" className="btn btn--primary pay-danger-solid" onClick={onDelete} disabled={del.isPending} data-testid="delete-confirm">
              {t('payments:detail.delete')}
            </button>
          </>
        }
      >
        {del.isError ? <Alert tone="error">{describe(del.error)}</Alert> : <span />}
      </Modal>
    </PaymentsPage>
  );
}

function RefundForm({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const refund = useRefund();
  const remaining = remainingOf(payment);
  const form = useContractForm<{ amount: string; reason: string }, typeof RefundBody>(RefundBody, {
    defaultValues: { amount: remaining.toFixed(2), reason: '' },
    toBody: (v) => ({ amount: rupeesFromInput(v.amount), reason: v.reason }),
    check: (v): Record<string, string> => {
      const a = rupeesFromInput(v.amount);
      return a !== undefined && Number.isFinite(a) && a > remaining ? { amount: t('payments:refund.tooMuch', { remaining: formatRupees2(remaining) }) } : {};
    },
  });
  const onSubmit = (body: z.output<typeof RefundBody>) =>
    refund.mutate(
      { id: payment._id, body },
      {
        onSuccess: () => {
          toast.success(t('payments:refund.done'));
          onDone();
        },
        onError: (e) => applyServerErrors(form, e),
      },
    );
  return (
    <Form form={form} onSubmit={onSubmit} busy={refund.isPending} testId="refund-form">
      {refund.isError ? <Alert tone="error">{describe(refund.error, { fallback: t('payments:refund.failed') })}</Alert> : null}
      <p className="text-muted">{t('payments:refund.remaining', { amount: formatRupees2(remaining) })}</p>
      <MoneyField name="amount" label={t('payments:refund.amount')} required data-autofocus testId="refund-amount" />
      <TextField name="reason" label={t('payments:refund.reason')} required maxLength={200} testId="refund-reason" />
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          {t('payments:create.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={refund.isPending} data-testid="refund-submit">
          {t('payments:refund.submit')}
        </button>
      </div>
    </Form>
  );
}

interface EditValues {
  amount: string;
  gstAmount: string;
  paymentMethod: PaymentMethod;
  description: string;
  notes: string;
  dueDate: string;
  membershipType: '' | MembershipType;
}

function EditForm({ payment, onDone }: { payment: Payment; onDone: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const update = useUpdatePayment();
  const form = useContractForm<EditValues, typeof UpdatePaymentBody>(UpdatePaymentBody, {
    defaultValues: {
      amount: payment.amount.toFixed(2),
      gstAmount: payment.gstAmount.toFixed(2),
      paymentMethod: payment.paymentMethod,
      description: payment.description,
      notes: payment.notes,
      dueDate: payment.dueDate ?? '',
      membershipType: payment.membershipType ?? '',
    },
    // Money received: the server works the GST out again from the new amount (the same rule as when recording).
    toBody: (v) => ({
      amount: rupeesFromInput(v.amount),
      gstAmount: carriesGymGst(payment.paymentCategory) ? undefined : (rupeesFromInput(v.gstAmount) ?? 0),
      paymentMethod: v.paymentMethod,
      description: v.description,
      notes: v.notes,
      dueDate: optionalText(v.dueDate) ?? null,
      membershipType: payment.membershipType !== null || v.membershipType ? v.membershipType || null : undefined,
      expectedVersion: payment.version,
    }),
  });
  const onSubmit = (body: z.output<typeof UpdatePaymentBody>) =>
    update.mutate(
      { id: payment._id, body },
      {
        onSuccess: () => {
          toast.success(t('payments:detail.saved'));
          onDone();
        },
        onError: (e) => applyServerErrors(form, e),
      },
    );
  return (
    <Form form={form} onSubmit={onSubmit} busy={update.isPending} testId="edit-form">
      {update.isError ? <Alert tone="error">{describe(update.error)}</Alert> : null}
      <div className="form__grid">
        <MoneyField name="amount" label={t('payments:create.amount')} required data-autofocus />
        {carriesGymGst(payment.paymentCategory) ? null : <MoneyField name="gstAmount" label={t('payments:create.gst')} optional />}
        <SelectField
          name="paymentMethod"
          label={t('payments:create.method')}
          options={PaymentMethod.options.map((m) => ({ value: m, label: t(`payments:methods.${m}`) }))}
        />
        <DateField name="dueDate" label={t('payments:create.dueDate')} optional />
        {payment.paymentCategory === 'member' ? (
          <SelectField
            name="membershipType"
            label={t('payments:create.membershipType')}
            optional
            options={[
              { value: '', label: t('payments:create.membershipTypeUnset') },
              ...MembershipType.options.map((m) => ({ value: m, label: t(`payments:membershipTypes.${m}`) })),
            ]}
          />
        ) : null}
        <TextField name="description" label={t('payments:create.description')} required maxLength={200} fieldClassName="form__span" />
        <TextareaField name="notes" label={t('payments:create.notes')} optional rows={3} maxLength={1000} fieldClassName="form__span" />
      </div>
      <div className="form__actions">
        <button type="button" className="btn btn--secondary" onClick={onDone}>
          {t('payments:create.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={update.isPending} data-testid="edit-submit">
          {t('payments:detail.save')}
        </button>
      </div>
    </Form>
  );
}
