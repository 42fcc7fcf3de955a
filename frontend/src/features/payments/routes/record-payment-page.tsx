import {
  carriesGymGst,
  CreatePaymentBody,
  MEMBERSHIP_PAYMENT_TYPES,
  MembershipType,
  PaymentCategory,
  PaymentMethod,
  PaymentTypeByCategory,
} from '@akhada/contracts';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatRupees2 } from '../../../lib/money';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { Alert } from '../../../components/alert';
import { REQUIRED } from '../../../components/form/field-message';
import { Form } from '../../../components/form/form';
import { optionalText, rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useUser } from '../../../lib/auth/session';
import { useCurrentLocation } from '../../../lib/current-location';
import { useTaxSettings } from '../../../lib/shared-queries/payments';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCreatePayment, useMemberChoices, useTrainerChoices, type CreatePaymentInput } from '../api/payments-api';
import { PaymentsPage } from '../components/payments-shell';
import { dayIn, gstPreview, type GstPreview } from '../lib/gst-preview';
import { MONTHS, monthName, salaryYears } from '../lib/payment-labels';

type Category = z.infer<typeof PaymentCategory>;

interface RecordPaymentForm {
  paymentCategory: Category;
  paymentType: string;
  amount: string;
  gstAmount: string;
  paymentMethod: PaymentMethod;
  description: string;
  notes: string;
  member: string;
  trainer: string;
  membershipType: '' | MembershipType;
  membershipPeriod: { startDate: string; endDate: string };
  salaryPeriod: { month: string; year: string };
  dueDate: string;
  status: 'completed' | 'pending';
  /** A business customer (B2B tax invoice): sent only when a GSTIN or an address is typed. */
  billing: { gstin: string; name: string; address: string };
}

const isMembershipType = (type: string) => (MEMBERSHIP_PAYMENT_TYPES as readonly string[]).includes(type);

/**
 * The form's text as the spec's create payload: only the fields of the chosen category and type are sent. Money
 * received (member, other) sends no GST: the server decides it by the rule the form previews. `locationId`: where a
 * payment without a member or trainer is recorded (the location the form previews for).
 */
export function toCreateBody(v: RecordPaymentForm, locationId?: string): CreatePaymentInput {
  const amount = rupeesFromInput(v.amount);
  const typedGst = !carriesGymGst(v.paymentCategory);
  const gst = typedGst ? (rupeesFromInput(v.gstAmount) ?? 0) : 0;
  const membership = v.paymentCategory === 'member' && isMembershipType(v.paymentType);
  const body: CreatePaymentInput = {
    paymentCategory: v.paymentCategory,
    paymentType: v.paymentType,
    amount: amount as number,
    paymentMethod: v.paymentMethod,
    description: v.description,
    notes: optionalText(v.notes),
    status: v.status,
    dueDate: optionalText(v.dueDate),
  };
  if (typedGst) {
    body.gstAmount = gst;
    if (amount !== undefined && Number.isFinite(amount) && Number.isFinite(gst)) body.totalAmount = Math.round(amount * 100 + gst * 100) / 100;
  }
  if (locationId && (v.paymentCategory === 'other' || v.paymentCategory === 'expense')) body.locationId = locationId;
  if (v.paymentCategory === 'member') body.member = optionalText(v.member);
  if (v.paymentCategory === 'trainer') {
    body.trainer = optionalText(v.trainer);
    body.salaryPeriod = { month: Number(v.salaryPeriod.month), year: Number(v.salaryPeriod.year) };
  }
  const gstin = v.billing.gstin.trim().toUpperCase();
  if ((v.paymentCategory === 'member' || v.paymentCategory === 'other') && (gstin || v.billing.address.trim()))
    body.billing = { gstin, name: v.billing.name.trim(), address: v.billing.address.trim() };
  if (membership) {
    if (v.membershipType) body.membershipType = v.membershipType;
    // Spec: the membership period is sent only when both dates are given.
    if (v.membershipPeriod.startDate && v.membershipPeriod.endDate) body.membershipPeriod = { ...v.membershipPeriod };
  }
  return body;
}

/** /dashboard/payments/create: Record New Payment (spec "Record Payment" rules). */
export function RecordPaymentPage() {
  const { t, i18n } = useTranslation(ALL_NS);
  const navigate = useNavigate();
  const user = useUser();
  const current = useCurrentLocation(user);
  const previewLocation = useRef<string | undefined>(undefined);
  const [params] = useSearchParams();
  const { describe } = useErrorText();
  const create = useCreatePayment();
  const [attempts, setAttempts] = useState(0);
  const now = new Date();
  const presetMember = params.get('member') ?? '';
  const presetType = params.get('type') ?? '';
  const form = useContractForm<RecordPaymentForm, typeof CreatePaymentBody>(CreatePaymentBody, {
    defaultValues: {
      paymentCategory: 'member',
      paymentType: (PaymentTypeByCategory.member as readonly string[]).includes(presetType) ? presetType : 'membership_fee',
      amount: '',
      gstAmount: '',
      paymentMethod: 'cash',
      description: '',
      notes: '',
      member: presetMember,
      trainer: '',
      membershipType: '',
      membershipPeriod: { startDate: '', endDate: '' },
      salaryPeriod: { month: String(now.getMonth() + 1), year: String(now.getFullYear()) },
      dueDate: '',
      status: 'completed',
      billing: { gstin: '', name: '', address: '' },
    },
    toBody: (v) => toCreateBody(v, previewLocation.current),
    // The contract checks the member / trainer only once the rest is valid; say it at once with the other fields.
    check: (v): Record<string, string> =>
      v.paymentCategory === 'member' && !v.member ? { member: REQUIRED } : v.paymentCategory === 'trainer' && !v.trainer ? { trainer: REQUIRED } : {},
  });
  const [category, type, amountText, gstText, status, memberId, billingGstin] = useWatch({
    control: form.control,
    name: ['paymentCategory', 'paymentType', 'amount', 'gstAmount', 'status', 'member', 'billing.gstin'],
  });

  // A new category starts with its first payment type.
  const previousCategory = useRef(category);
  useEffect(() => {
    if (previousCategory.current === category) return;
    previousCategory.current = category;
    form.setValue('paymentType', PaymentTypeByCategory[category][0]);
  }, [category, form]);

  const [memberSearch, setMemberSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setDebounced(memberSearch.trim()), 250);
    return () => clearTimeout(id);
  }, [memberSearch]);
  const members = useMemberChoices(debounced, category === 'member');
  const trainers = useTrainerChoices(category === 'trainer');

  // Money received: the GST the server will record, previewed from the same rule at the payment's location (the
  // member's, else the location looked at, else the first) on that location's day.
  const tax = useTaxSettings(carriesGymGst(category));
  const memberLocation = category === 'member' ? members.data?.find((m) => m._id === memberId)?.locationId : undefined;
  const locationId = memberLocation ?? current.locationId ?? user.locations[0]?._id;
  previewLocation.current = locationId;
  const zone = user.locations.find((l) => l._id === locationId)?.timezone;
  const amount = rupeesFromInput(amountText) ?? 0;
  const preview = gstPreview({ category, amountRupees: amount, tax: tax.data, locationId, day: dayIn(zone), billingGstin });
  const gst = carriesGymGst(category) ? (preview?.gst ?? 0) : (rupeesFromInput(gstText) ?? 0);
  const total = Number.isFinite(amount) && Number.isFinite(gst) ? Math.round(amount * 100 + gst * 100) / 100 : 0;
  const membership = category === 'member' && isMembershipType(type);

  const onSubmit = (body: z.output<typeof CreatePaymentBody>) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (created) => void navigate('/dashboard/payments', { state: { recorded: true, referralCredit: created.referralCredit } }),
      onError: (error) => {
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

  const memberOptions = [
    { value: '', label: members.isPending && category === 'member' ? t('payments:create.membersLoading') : t('payments:create.chooseMember') },
    ...(members.data ?? []).map((m) => ({ value: m._id, label: `${m.fullName} · ${m.user.email}` })),
  ];
  const trainerOptions = [
    { value: '', label: trainers.isPending ? t('payments:create.trainersLoading') : t('payments:create.chooseTrainer') },
    ...(trainers.data ?? []).map((tr) => ({ value: tr._id, label: tr.fullName })),
  ];

  return (
    <PaymentsPage title={t('payments:create.title')} subtitle={t('payments:create.subtitle')} testId="record-payment-page">
      <section className="card pay-form-card">
        <Form form={form} onSubmit={onSubmit} busy={create.isPending} testId="record-payment-form">
          {create.isError ? (
            <Alert tone="error" shake={attempts} testId="create-payment-error">
              {t('payments:create.failed', { message: describe(create.error, { fallback: t('payments:create.failedFallback') }) })}
            </Alert>
          ) : null}
          <div className="form__grid">
            <SelectField
              name="paymentCategory"
              label={t('payments:create.category')}
              required
              options={PaymentCategory.options.map((c) => ({ value: c, label: t(`payments:categories.${c}`) }))}
              testId="payment-category"
            />
            <SelectField
              name="paymentType"
              label={t('payments:create.type')}
              required
              options={PaymentTypeByCategory[category].map((v) => ({ value: v, label: t(`payments:types.${v}`) }))}
              testId="payment-type"
            />
            {category === 'member' ? (
              <>
                <div className="field">
                  <label className="field__label" htmlFor="member-search">
                    {t('payments:create.memberSearch')}
                  </label>
                  <input
                    id="member-search"
                    type="search"
                    className="input"
                    value={memberSearch}
                    onChange={(e) => setMemberSearch(e.target.value)}
                    placeholder={t('payments:create.memberSearchPlaceholder')}
                    maxLength={100}
                    autoComplete="off"
                    data-testid="member-search"
                  />
                  {members.isError ? <p className="field__error">{t('payments:create.membersError')}</p> : null}
                </div>
                <SelectField name="member" label={t('payments:create.member')} required options={memberOptions} testId="payment-member" />
              </>
            ) : null}
            {category === 'trainer' ? (
              <>
                <SelectField name="trainer" label={t('payments:create.trainer')} required options={trainerOptions} testId="payment-trainer" />
                <SelectField
                  name="salaryPeriod.month"
                  label={t('payments:create.salaryMonth')}
                  required
                  options={MONTHS.map((m) => ({ value: String(m), label: monthName(m, i18n.language) }))}
                  testId="salary-month"
                />
                <SelectField
                  name="salaryPeriod.year"
                  label={t('payments:create.salaryYear')}
                  required
                  options={salaryYears().map((y) => ({ value: String(y), label: String(y) }))}
                  testId="salary-year"
                />
              </>
            ) : null}
            {membership ? (
              <>
                <SelectField
                  name="membershipType"
                  label={t('payments:create.membershipType')}
                  optional
                  options={[
                    { value: '', label: t('payments:create.membershipTypeUnset') },
                    ...MembershipType.options.map((m) => ({ value: m, label: t(`payments:membershipTypes.${m}`) })),
                  ]}
                  testId="membership-type"
                />
                <DateField name="membershipPeriod.startDate" label={t('payments:create.startDate')} optional testId="membership-start" />
                <DateField
                  name="membershipPeriod.endDate"
                  label={t('payments:create.endDate')}
                  optional
                  hint={t('payments:create.periodHint')}
                  testId="membership-end"
                />
              </>
            ) : null}
            <MoneyField name="amount" label={t('payments:create.amount')} required placeholder="0.00" testId="payment-amount-input" />
            {carriesGymGst(category) ? (
              <GstPreviewField preview={preview} loading={tax.isPending} />
            ) : (
              <MoneyField name="gstAmount" label={t('payments:create.gst')} optional placeholder="0.00" testId="payment-gst" />
            )}
            <div className="field">
              <span className="field__label" id="total-label">
                {t('payments:create.total')}
              </span>
              <output className="pay-total" aria-labelledby="total-label" data-testid="payment-total">
                {formatRupees2(total)}
              </output>
            </div>
            <SelectField
              name="paymentMethod"
              label={t('payments:create.method')}
              required
              options={PaymentMethod.options.map((m) => ({ value: m, label: t(`payments:methods.${m}`) }))}
              testId="payment-method"
            />
            <SelectField
              name="status"
              label={t('payments:create.status')}
              options={[
                { value: 'completed', label: t('payments:create.statusCompleted') },
                { value: 'pending', label: t('payments:create.statusPending') },
              ]}
              testId="payment-status-select"
            />
            <DateField name="dueDate" label={t('payments:create.dueDate')} optional={status !== 'pending'} testId="payment-due" />
            <TextField
              name="description"
              label={t('payments:create.description')}
              required
              maxLength={200}
              fieldClassName="form__span"
              testId="payment-description"
            />
            <TextareaField
              name="notes"
              label={t('payments:create.notes')}
              optional
              maxLength={1000}
              rows={3}
              fieldClassName="form__span"
              testId="payment-notes"
            />
            {category === 'member' || category === 'other' ? (
              <fieldset className="form__span pay-billing" data-testid="payment-billing">
                <legend className="field__label">{t('payments:create.billingTitle')}</legend>
                <p className="text-muted">{t('payments:create.billingHint')}</p>
                <div className="form__grid">
                  <TextField
                    name="billing.gstin"
                    label={t('payments:create.billingGstin')}
                    optional
                    maxLength={15}
                    autoComplete="off"
                    hint={t('payments:create.billingGstinHint')}
                    testId="billing-gstin"
                  />
                  <TextField name="billing.name" label={t('payments:create.billingName')} optional maxLength={120} testId="billing-name" />
                  <TextareaField
                    name="billing.address"
                    label={t('payments:create.billingAddress')}
                    optional
                    maxLength={300}
                    rows={2}
                    fieldClassName="form__span"
                    testId="billing-address"
                  />
                </div>
              </fieldset>
            ) : null}
          </div>
          <div className="form__actions">
            <button type="button" className="btn btn--secondary" onClick={() => void navigate('/dashboard/payments')}>
              {t('payments:create.cancel')}
            </button>
            <button type="submit" className="btn btn--primary" disabled={create.isPending} data-testid="payment-submit">
              {create.isPending ? t('payments:create.submitting') : t('payments:create.submit')}
            </button>
          </div>
        </Form>
      </section>
    </PaymentsPage>
  );
}

/**
 * The GST of money received, as the server will record it (not typed): the amount, the rate and how it splits, or
 * why there is none. While the tax settings load it says so; if they cannot be read, the server still decides.
 */
function GstPreviewField({ preview, loading }: { preview: GstPreview | undefined; loading: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const hint = !preview
    ? loading
      ? t('payments:create.gstLoading')
      : t('payments:create.gstUnknown')
    : preview.supply === 'none'
      ? t('payments:create.gstNone')
      : preview.supply === 'inter_state'
        ? t('payments:create.gstIgst', { rate: preview.ratePercent, igst: formatRupees2(preview.igst) })
        : t('payments:create.gstCgstSgst', { rate: preview.ratePercent, cgst: formatRupees2(preview.cgst), sgst: formatRupees2(preview.sgst) });
  return (
    <div className="field">
      <span className="field__label" id="gst-label">
        {t('payments:create.gst')}
      </span>
      <output className="pay-total" aria-labelledby="gst-label" aria-describedby="gst-hint" data-testid="payment-gst-preview">
        {preview ? formatRupees2(preview.gst) : '—'}
      </output>
      <p className="field__hint" id="gst-hint" data-testid="payment-gst-hint">
        {hint}
      </p>
    </div>
  );
}
