import { CreateMemberBody, Gender, MembershipType, PaymentFrequency, PaymentMethod, type Location } from '@akhada/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { rupeesFromInput } from '../../../components/form/form-values';
import { MoneyField } from '../../../components/form/money-field';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/use-error-text';
import { todayIn } from '../lib/renewal';
import { ALL_NS } from '../../../locales/resources';
import { useCreateMember, type CreateMemberInput } from '../api/create-member';
import type { MemberPrefill } from '../lib/enquiry-prefill';
import { durationOf, MembershipPlanPicker, type PlanFields } from './membership-plan-picker';
import { locationOptions } from '../../../components/location-select';

const FORM_ID = 'add-member-form';

export function AddMemberModal({
  open,
  onClose,
  locations,
  defaultLocationId,
  prefill = null,
}: {
  open: boolean;
  onClose: () => void;
  locations: Location[];
  defaultLocationId: string | null;
  /** From an enquiry's "Convert to member": the lead's details, and its id and source recorded with the member. */
  prefill?: MemberPrefill | null;
}) {
  const { t } = useTranslation(ALL_NS);
  const create = useCreateMember();
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('members:add.title')}
      description={t('members:add.description')}
      testId="add-member-modal"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close} data-testid="add-member-cancel">
            {t('members:add.cancel')}
          </button>
          <button type="submit" form={FORM_ID} className="btn btn--primary" disabled={create.isPending} data-testid="add-member-submit">
            {create.isPending ? t('members:add.submitting') : t('members:add.submit')}
          </button>
        </>
      }
    >
      {open ? <AddMemberForm create={create} onDone={close} locations={locations} defaultLocationId={defaultLocationId} prefill={prefill} /> : null}
    </Modal>
  );
}

type AddMemberForm = PlanFields & {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  membershipType: MembershipType;
  paymentFrequency: PaymentFrequency;
  /** Rupees as typed; blank means 0. */
  membershipFee: string;
  paymentMethod: PaymentMethod;
  /** YYYY-MM-DD; today in the location by default. */
  startDate: string;
  /** Optional: '' when not given. */
  dateOfBirth: string;
  gender: '' | (typeof Gender.options)[number];
  /** '' when the caller has one location (the server takes the current one). */
  locationId: string;
  /** The enquiry converted, and its source: '' when the member does not come from one. */
  enquiryId: string;
  acquisitionSource: '' | MemberPrefill['source'];
};

function toBody({
  planId: _plan,
  durationMonths,
  membershipFee,
  locationId,
  startDate,
  dateOfBirth,
  gender,
  enquiryId,
  acquisitionSource,
  ...v
}: AddMemberForm): CreateMemberInput {
  return {
    ...v,
    enquiryId: enquiryId || undefined,
    acquisitionSource: acquisitionSource || undefined,
    durationMonths: durationOf({ durationMonths }),
    membershipFee: rupeesFromInput(membershipFee),
    locationId: locationId || undefined,
    startDate: startDate || undefined,
    dateOfBirth: dateOfBirth || undefined,
    gender: gender || undefined,
  };
}

/** 409 PLAN_LIMIT: the plan's member allowance is used up. */
const isPlanLimit = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && (error.code === 'PLAN_LIMIT' || error.code === 'PLAN_LIMIT_REACHED');

function AddMemberForm({
  create,
  onDone,
  locations,
  defaultLocationId,
  prefill,
}: {
  create: ReturnType<typeof useCreateMember>;
  onDone: () => void;
  locations: Location[];
  defaultLocationId: string | null;
  prefill: MemberPrefill | null;
}) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const chooseLocation = locations.length > 1;
  const form = useContractForm<AddMemberForm, typeof CreateMemberBody>(CreateMemberBody, {
    defaultValues: {
      firstName: prefill?.firstName ?? '',
      lastName: prefill?.lastName ?? '',
      email: prefill?.email ?? '',
      phone: prefill?.phone ?? '',
      planId: '',
      durationMonths: '',
      membershipType: 'basic',
      paymentFrequency: 'monthly',
      membershipFee: '',
      paymentMethod: 'cash',
      startDate: todayIn(locations.find((l) => l._id === (defaultLocationId ?? locations[0]?._id))?.timezone),
      dateOfBirth: '',
      gender: '',
      locationId: chooseLocation ? (defaultLocationId ?? locations[0]?._id ?? '') : '',
      enquiryId: prefill?.enquiryId ?? '',
      acquisitionSource: prefill?.source ?? '',
    },
    toBody,
  });
  const [chosenLocationId, startDate] = useWatch({ control: form.control, name: ['locationId', 'startDate'] });
  const location = locations.find((l) => l._id === (chosenLocationId || defaultLocationId || locations[0]?._id));

  const onSubmit = (body: CreateMemberInput) => {
    if (create.isPending) return;
    create.mutate(body, {
      onSuccess: (member) => {
        toast.success(t('members:add.success', { name: member.fullName }));
        onDone();
      },
      onError: (error) => {
        applyServerErrors(form, error);
        setAttempts((n) => n + 1);
      },
    });
  };

  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={create.isPending}>
      {create.isError ? (
        isPlanLimit(create.error) ? (
          <Alert tone="warning" shake={attempts} testId="add-member-plan-limit" title={t('members:add.planLimitTitle')}>
            {describe(create.error, { fallback: t('members:add.planLimit') })}{' '}
            <Link to="/dashboard/settings/plan" className="link">
              {t('members:add.choosePlan')}
            </Link>
          </Alert>
        ) : (
          <Alert tone="error" shake={attempts} testId="add-member-error">
            {describe(create.error, { fallback: t('members:add.failed') })}
          </Alert>
        )
      ) : null}
      {prefill ? (
        <p className="text-muted" data-testid="add-member-from-enquiry">
          {t('members:add.fromEnquiry', { source: t(`members:acquisitionSource.${prefill.source}`) })}
        </p>
      ) : null}
      <div className="form__grid">
        <TextField
          name="firstName"
          label={t('members:add.firstName')}
          autoComplete="off"
          maxLength={50}
          required
          data-autofocus
          testId="add-member-first-name"
        />
        <TextField name="lastName" label={t('members:add.lastName')} autoComplete="off" maxLength={50} required testId="add-member-last-name" />
        <EmailField name="email" label={t('members:add.email')} autoComplete="off" required testId="add-member-email" />
        <PhoneField name="phone" label={t('members:add.phone')} autoComplete="off" required testId="add-member-phone" />
        <MembershipPlanPicker locationId={location?._id} timeZone={location?.timezone} termFrom={startDate} />
        <SelectField
          name="membershipType"
          label={t('members:add.membershipType')}
          options={MembershipType.options.map((v) => ({ value: v, label: t(`members:types.${v}`) }))}
          testId="add-member-membership-type"
        />
        <SelectField
          name="paymentFrequency"
          label={t('members:add.paymentFrequency')}
          options={PaymentFrequency.options.map((v) => ({ value: v, label: t(`members:frequency.${v}`) }))}
          testId="add-member-payment-frequency"
        />
        <MoneyField name="membershipFee" label={t('members:add.membershipFee')} placeholder={t('members:add.feePlaceholder')} testId="add-member-fee" />
        <SelectField
          name="paymentMethod"
          label={t('members:renew.paymentMethod')}
          options={PaymentMethod.options.map((v) => ({ value: v, label: t(`members:paymentMethods.${v}`) }))}
          testId="add-member-payment-method"
        />
        <DateField name="startDate" label={t('members:renew.startDate')} testId="add-member-start" />
        <DateField name="dateOfBirth" label={t('members:detail.dateOfBirth')} optional testId="add-member-dob" />
        <SelectField
          name="gender"
          label={t('members:detail.gender')}
          optional
          options={[{ value: '', label: t('members:add.genderUnset') }, ...Gender.options.map((g) => ({ value: g, label: t(`members:detail.genders.${g}`) }))]}
          testId="add-member-gender"
        />
        {chooseLocation ? (
          <SelectField
            name="locationId"
            label={t('members:add.location')}
            options={locationOptions(locations, { withCity: true })}
            testId="add-member-location"
          />
        ) : null}
      </div>
    </Form>
  );
}
