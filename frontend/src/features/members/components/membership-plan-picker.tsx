import type { MembershipPlan, MembershipType, PaymentFrequency } from '@akhada/contracts';
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { SelectField } from '../../../components/form/select-field';
import { useUser } from '../../../lib/auth/session';
import { formatDate, formatMoney } from '../../../lib/format';
import { formatRupees2 } from '../../../lib/money';
import { useTaxSettings } from '../../../lib/shared-queries/payments';
import { ALL_NS } from '../../../locales/resources';
import { useMembershipPlans } from '../api/get-membership-plans';
import { frequencyOfPlan, gymGstRate, memberPays } from '../lib/membership-plans';
import { addMonths, isCalendarDay, todayIn } from '../lib/renewal';

/** The fields of a form that sells a term (add member, renew) that a plan fills. */
export interface PlanFields {
  /** The plan picked; '' for a custom term (type, period and fee as typed). */
  planId: string;
  /** The picked plan's duration (the term's length); '' for a custom term (one payment period). */
  durationMonths: string;
  membershipType: MembershipType;
  paymentFrequency: PaymentFrequency;
  membershipFee: string;
}

/** What the form sends for the term's length: the plan's months when one is picked. */
export const durationOf = ({ durationMonths }: Pick<PlanFields, 'durationMonths'>): number | undefined => (durationMonths ? Number(durationMonths) : undefined);

/** ₹3,000 or ₹3,999.50. */
const money = (rupees: number) => (Number.isInteger(rupees) ? formatMoney(rupees) : formatRupees2(rupees));
const NO_PLANS: MembershipPlan[] = [];

/**
 * The gym's membership plans (Settings → Gym) as a choice at the top of a term form. Picking one fills the membership
 * type, the period, the term's length and the fee — what the member pays, GST added to a price without it at the
 * location's rate — and staff may still change the fee. Changing the type or the period by hand makes the term a
 * custom one. Without plans, or while they load or when they fail, the form works as before: the fields are typed.
 *
 * `termFrom`: the start date, to show where the plan's term ends (the renewal dialog shows that itself).
 */
export function MembershipPlanPicker({ locationId, timeZone, termFrom }: { locationId: string | undefined; timeZone?: string; termFrom?: string }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const user = useUser();
  const plans = useMembershipPlans();
  const list = plans.data ?? NO_PLANS;
  // Only a price without GST needs the location's GST registration.
  const tax = useTaxSettings(list.some((p) => !p.gstInclusive));
  const rate = gymGstRate(tax.data, locationId, todayIn(timeZone));
  const form = useFormContext<PlanFields>();
  const planId = useWatch({ control: form.control, name: 'planId' });
  const picked = list.find((p) => p._id === planId);

  // The fee last put in by a plan: replaced when the GST rate becomes known, unless staff changed it meanwhile.
  const filledFee = useRef<string | null>(null);
  useEffect(() => {
    const fill = (plan: MembershipPlan) => {
      const fee = String(memberPays(plan, rate) ?? plan.price);
      filledFee.current = fee;
      form.setValue('membershipFee', fee, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    };
    const sub = form.watch((values, { name, type }) => {
      if (type !== 'change') return; // staff's own input, not the values set here
      if (name === 'planId') {
        const plan = list.find((p) => p._id === values.planId);
        form.setValue('durationMonths', plan ? String(plan.durationMonths) : '');
        if (!plan) return;
        const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
        form.setValue('membershipType', plan.type, opts);
        form.setValue('paymentFrequency', frequencyOfPlan(plan.durationMonths), opts);
        fill(plan);
      } else if ((name === 'membershipType' || name === 'paymentFrequency') && values.planId) {
        form.setValue('planId', '');
        form.setValue('durationMonths', '');
      }
    });
    const chosen = form.getValues('planId');
    const current = list.find((p) => p._id === chosen);
    if (current && form.getValues('membershipFee') === filledFee.current) fill(current);
    else if (chosen && !current) {
      // The owner withdrew the plan meanwhile: what is on the form stays, as a custom term.
      form.setValue('planId', '');
      form.setValue('durationMonths', '');
    }
    return () => sub.unsubscribe();
  }, [form, list, rate]);

  if (plans.isPending) {
    return (
      <p className="field field--full text-muted" role="status" data-testid="member-plans-loading">
        {t('members:plans.loading')}
      </p>
    );
  }
  if (plans.isError) {
    return (
      <div className="field field--full">
        <Alert tone="warning" testId="member-plans-error">
          {t('members:plans.failed')}{' '}
          <button
            type="button"
            className="btn btn--link btn--sm"
            onClick={() => void plans.refetch()}
            disabled={plans.isFetching}
            data-testid="member-plans-retry"
          >
            {t('common:actions.retry')}
          </button>
        </Alert>
      </div>
    );
  }
  if (list.length === 0) {
    return (
      <p className="field field--full text-muted" data-testid="member-plans-none">
        {t('members:plans.none')}{' '}
        {user.role === 'owner' ? (
          <Link to="/dashboard/settings?tab=gym" className="link">
            {t('members:plans.addInSettings')}
          </Link>
        ) : (
          t('members:plans.ownerAdds')
        )}
      </p>
    );
  }

  const priceOf = (plan: MembershipPlan) => {
    if (plan.gstInclusive) return t('members:plans.priceWithGst', { price: money(plan.price) });
    const total = memberPays(plan, rate);
    if (total === undefined) return t('members:plans.priceGstUnknown', { price: money(plan.price) });
    if (total === plan.price) return t('members:plans.priceNoGst', { price: money(plan.price) });
    return t('members:plans.priceGstAdded', { total: money(total), price: money(plan.price), rate: (rate ?? 0) / 100 });
  };
  const options = [
    { value: '', label: t('members:plans.custom') },
    ...list.map((p) => ({
      value: p._id,
      label: t('members:plans.option', {
        name: p.name,
        type: t(`members:types.${p.type}`),
        duration: t('members:plans.months', { count: p.durationMonths }),
        price: priceOf(p),
      }),
    })),
  ];
  let hint: string | undefined;
  if (picked && !picked.gstInclusive && rate === undefined && !tax.isPending) hint = t('members:plans.gstUnknown');
  else if (picked && termFrom && isCalendarDay(termFrom)) {
    hint = t('members:plans.term', {
      duration: t('members:plans.months', { count: picked.durationMonths }),
      end: formatDate(addMonths(termFrom, picked.durationMonths), i18n.language),
    });
  }
  return <SelectField name="planId" label={t('members:plans.label')} options={options} hint={hint} fieldClassName="field--full" testId="member-plan" />;
}
