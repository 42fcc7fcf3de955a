import { MembershipType, PaymentFrequency, type Location } from '@akhada/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Field } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { useCreateMember, type CreateMemberInput } from '../api/create-member';
import { parseFee } from '../lib/member-labels';
import { ALL_NS } from '../../../locales/resources';

const FORM_ID = 'add-member-form';

type FormState = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  membershipType: MembershipType;
  paymentFrequency: PaymentFrequency;
  membershipFee: string;
  locationId: string;
};

export function AddMemberModal({
  open,
  onClose,
  locations,
  defaultLocationId,
}: {
  open: boolean;
  onClose: () => void;
  locations: Location[];
  defaultLocationId: string | null;
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
      {open ? <AddMemberForm create={create} onDone={close} locations={locations} defaultLocationId={defaultLocationId} /> : null}
    </Modal>
  );
}

function AddMemberForm({
  create,
  onDone,
  locations,
  defaultLocationId,
}: {
  create: ReturnType<typeof useCreateMember>;
  onDone: () => void;
  locations: Location[];
  defaultLocationId: string | null;
}) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe, fields } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const [form, setForm] = useState<FormState>({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    membershipType: 'basic',
    paymentFrequency: 'monthly',
    membershipFee: '',
    locationId: defaultLocationId ?? locations[0]?._id ?? '',
  });
  const set = (key: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const chooseLocation = locations.length > 1;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (create.isPending) return;
    const body: CreateMemberInput = {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phone: form.phone,
      membershipType: form.membershipType,
      paymentFrequency: form.paymentFrequency,
      membershipFee: parseFee(form.membershipFee),
      ...(chooseLocation && form.locationId ? { locationId: form.locationId } : {}),
    };
    create.mutate(body, {
      onSuccess: (member) => {
        toast.success(t('members:add.success', { name: member.fullName }));
        onDone();
      },
      onError: () => setAttempts((n) => n + 1),
    });
  };

  const errs = create.isError ? fields(create.error) : {};
  return (
    <form id={FORM_ID} onSubmit={onSubmit} noValidate className="form" aria-busy={create.isPending}>
      {create.isError ? (
        <Alert tone="error" shake={attempts} testId="add-member-error">
          {describe(create.error, { fallback: t('members:add.failed') })}
        </Alert>
      ) : null}
      <div className="form__grid">
        <Field label={t('members:add.firstName')} error={errs.firstName} required>
          {(p) => (
            <input
              {...p}
              className="input"
              name="firstName"
              autoComplete="off"
              value={form.firstName}
              onChange={set('firstName')}
              data-autofocus
              data-testid="add-member-first-name"
            />
          )}
        </Field>
        <Field label={t('members:add.lastName')} error={errs.lastName} required>
          {(p) => (
            <input
              {...p}
              className="input"
              name="lastName"
              autoComplete="off"
              value={form.lastName}
              onChange={set('lastName')}
              data-testid="add-member-last-name"
            />
          )}
        </Field>
        <Field label={t('members:add.email')} error={errs.email} required>
          {(p) => (
            <input
              {...p}
              className="input"
              type="email"
              name="email"
              autoComplete="off"
              inputMode="email"
              autoCapitalize="off"
              spellCheck={false}
              value={form.email}
              onChange={set('email')}
              data-testid="add-member-email"
            />
          )}
        </Field>
        <Field label={t('members:add.phone')} error={errs.phone} required>
          {(p) => (
            <input
              {...p}
              className="input"
              type="tel"
              name="phone"
              autoComplete="off"
              inputMode="tel"
              value={form.phone}
              onChange={set('phone')}
              data-testid="add-member-phone"
            />
          )}
        </Field>
        <Field label={t('members:add.membershipType')} error={errs.membershipType}>
          {(p) => (
            <select
              {...p}
              className="input select"
              name="membershipType"
              value={form.membershipType}
              onChange={set('membershipType')}
              data-testid="add-member-membership-type"
            >
              {MembershipType.options.map((v) => (
                <option key={v} value={v}>
                  {t(`members:types.${v}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('members:add.paymentFrequency')} error={errs.paymentFrequency}>
          {(p) => (
            <select
              {...p}
              className="input select"
              name="paymentFrequency"
              value={form.paymentFrequency}
              onChange={set('paymentFrequency')}
              data-testid="add-member-payment-frequency"
            >
              {PaymentFrequency.options.map((v) => (
                <option key={v} value={v}>
                  {t(`members:frequency.${v}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('members:add.membershipFee')} error={errs.membershipFee}>
          {(p) => (
            <div className="input-prefix">
              <span className="input-prefix__symbol" aria-hidden="true">
                ₹
              </span>
              <input
                {...p}
                className="input"
                type="number"
                name="membershipFee"
                inputMode="decimal"
                min={0}
                step="0.01"
                placeholder={t('members:add.feePlaceholder')}
                value={form.membershipFee}
                onChange={set('membershipFee')}
                data-testid="add-member-fee"
              />
            </div>
          )}
        </Field>
        {chooseLocation ? (
          <Field label={t('members:add.location')} error={errs.locationId}>
            {(p) => (
              <select {...p} className="input select" name="locationId" value={form.locationId} onChange={set('locationId')} data-testid="add-member-location">
                {locations.map((l) => (
                  <option key={l._id} value={l._id}>
                    {l.name}, {l.city}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
      </div>
    </form>
  );
}
