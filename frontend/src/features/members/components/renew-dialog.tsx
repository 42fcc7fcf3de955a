import { MembershipType, PaymentFrequency, PaymentMethod, RenewMemberBody, type Member } from '@akhada/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { formatDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useRenewMember, type RenewMemberInput } from '../api/renew-member';
import { isCalendarDay, proposedStart, termEnd, todayIn } from '../lib/renewal';
import { durationOf, MembershipPlanPicker, type PlanFields } from './membership-plan-picker';

const FORM_ID = 'renew-member-form';

/**
 * Renew Membership (or "Start membership" for a member awaiting a plan): a new term with its period (payment
 * frequency), type, start date, fee and payment method, and a preview of the end date it gives.
 */
export function RenewDialog({ member, timeZone, open, onClose }: { member: Member | null; timeZone?: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const renew = useRenewMember();
  const pending = member?.membershipStatus === 'pending';
  const close = () => {
    renew.reset();
    onClose();
  };
  return (
    <Modal
      open={open && member !== null}
      onClose={close}
      title={pending ? t('members:renew.startTitle') : t('members:renew.title')}
      description={member ? t('members:renew.description', { name: member.fullName }) : undefined}
      testId="renew-dialog"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('members:common.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="btn btn--primary" disabled={renew.isPending} data-testid="renew-submit">
            {renew.isPending ? t('members:renew.submitting') : pending ? t('members:renew.startSubmit') : t('members:renew.submit')}
          </button>
        </>
      }
    >
      {open && member ? <RenewForm key={member._id} member={member} timeZone={timeZone} renew={renew} onDone={close} /> : null}
    </Modal>
  );
}

type RenewForm = PlanFields & {
  paymentMethod: PaymentMethod;
  startDate: string;
};

const toBody = ({ planId: _plan, durationMonths, membershipFee, startDate, ...v }: RenewForm): RenewMemberInput => ({
  ...v,
  durationMonths: durationOf({ durationMonths }),
  membershipFee: rupeesFromInput(membershipFee) as number,
  startDate: startDate || undefined,
});

function RenewForm({ member, timeZone, renew, onDone }: { member: Member; timeZone?: string; renew: ReturnType<typeof useRenewMember>; onDone: () => void }) {
  const { t, i18n } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const pending = member.membershipStatus === 'pending';
  const [start] = useState(() =>
    proposedStart({ endDate: member.membershipEndDate, daysRemaining: member.daysRemaining, running: member.membershipStatus === 'active' }, todayIn(timeZone)),
  );
  const form = useContractForm<RenewForm, typeof RenewMemberBody>(RenewMemberBody, {
    defaultValues: {
      planId: '',
      durationMonths: '',
      membershipType: member.membershipType,
      paymentFrequency: member.paymentFrequency,
      membershipFee: pending || member.membershipFee === 0 ? '' : String(member.membershipFee),
      paymentMethod: member.paymentMethod ?? 'cash',
      startDate: start,
    },
    toBody,
  });
  const [frequency, startDate, durationMonths] = useWatch({ control: form.control, name: ['paymentFrequency', 'startDate', 'durationMonths'] });
  const from = isCalendarDay(startDate) ? startDate : start;
  const end = termEnd(from, frequency, durationOf({ durationMonths }));

  const onSubmit = (body: RenewMemberInput) => {
    if (renew.isPending) return;
    renew.mutate(
      { id: member._id, body },
      {
        onSuccess: (m) => {
          toast.success(t('members:renew.success', { name: m.fullName, date: formatDate(m.membershipEndDate, i18n.language) }));
          onDone();
        },
        onError: (error) => {
          applyServerErrors(form, error);
          setAttempts((n) => n + 1);
        },
      },
    );
  };

  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={renew.isPending}>
      {renew.isError ? (
        <Alert tone="error" shake={attempts} testId="renew-error">
          {describe(renew.error, { fallback: t('members:renew.failed') })}
        </Alert>
      ) : null}
      <div className="form__grid">
        <MembershipPlanPicker locationId={member.locationId} timeZone={timeZone} />
        <SelectField
          name="paymentFrequency"
          label={t('members:renew.period')}
          options={PaymentFrequency.options.map((v) => ({ value: v, label: t(`members:period.${v}`) }))}
          data-autofocus
          testId="renew-frequency"
        />
        <SelectField
          name="membershipType"
          label={t('members:add.membershipType')}
          options={MembershipType.options.map((v) => ({ value: v, label: t(`members:types.${v}`) }))}
          testId="renew-type"
        />
        <DateField name="startDate" label={t('members:renew.startDate')} required testId="renew-start" />
        <MoneyField name="membershipFee" label={t('members:add.membershipFee')} placeholder={t('members:add.feePlaceholder')} required testId="renew-fee" />
        <SelectField
          name="paymentMethod"
          label={t('members:renew.paymentMethod')}
          options={PaymentMethod.options.map((v) => ({ value: v, label: t(`members:paymentMethods.${v}`) }))}
          testId="renew-method"
        />
      </div>
      <p className="renew-preview" role="status" data-testid="renew-preview">
        {t('members:renew.preview', { start: formatDate(from, i18n.language), end: formatDate(end, i18n.language) })}
      </p>
    </Form>
  );
}
