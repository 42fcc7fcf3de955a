import { CreateLeadBody, LeadInterest, LeadSource } from '@akhada/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { Modal } from '../../../components/modal';
import { useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCreateLead } from '../api/enquiries-api';
import { locationOptions } from '../../../components/location-select';

interface Values {
  locationId: string;
  name: string;
  phone: string;
  email: string;
  interest: string;
  source: string;
  preferredTime: string;
  notes: string;
  referralCode: string;
  marketingConsent: boolean;
}

/**
 * The desk's "New enquiry": a walk-in or a phone call at one of the caller's locations. `onSaved` gets the lead's id.
 * "The person agreed to offers and news" (unticked by default) records their marketing consent, by the staff member.
 */
export function NewEnquiryModal({
  open,
  onClose,
  onSaved,
  locationId,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (id: string | null, joined: boolean) => void;
  locationId: string | null;
}) {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const formId = useId();
  const marketingId = useId();
  const create = useCreateLead();
  const { describe } = useErrorText();
  const empty: Values = {
    locationId: locationId ?? user.locations[0]?._id ?? '',
    name: '',
    phone: '',
    email: '',
    interest: 'membership',
    source: 'walk_in',
    preferredTime: '',
    notes: '',
    referralCode: '',
    marketingConsent: false,
  };
  const form = useContractForm(CreateLeadBody, {
    defaultValues: empty,
    toBody: (v: Values) => ({
      locationId: v.locationId,
      name: v.name,
      phone: v.phone,
      email: v.email.trim() === '' ? undefined : v.email,
      interest: v.interest,
      source: v.source,
      preferredTime: v.preferredTime || undefined,
      notes: v.notes || undefined,
      referralCode: v.referralCode.trim() || undefined,
      ...(v.marketingConsent ? { marketingConsent: true } : {}),
    }),
  });
  const close = () => {
    form.reset(empty);
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('enquiries:form.title')}
      description={t('enquiries:form.description')}
      testId="new-enquiry"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close}>
            {t('common:actions.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={create.isPending} data-testid="save-enquiry">
            {t('enquiries:form.save')}
          </button>
        </>
      }
    >
      {create.isError ? <Alert tone="error">{describe(create.error)}</Alert> : null}
      <Form
        form={form}
        id={formId}
        busy={create.isPending}
        onSubmit={async (body) => {
          try {
            const saved = await create.mutateAsync({ ...body, email: body.email ?? undefined });
            form.reset(empty);
            onSaved(saved.lead?.id ?? null, saved.duplicate);
          } catch (err) {
            applyServerErrors(form, err);
          }
        }}
      >
        {user.locations.length > 1 ? (
          <SelectField name="locationId" label={t('enquiries:form.location')} required options={locationOptions(user.locations)} />
        ) : null}
        <TextField name="name" label={t('enquiries:form.name')} required autoComplete="off" testId="enquiry-name" />
        <PhoneField name="phone" label={t('enquiries:form.phone')} required testId="enquiry-phone" />
        <EmailField name="email" label={t('enquiries:form.email')} optional />
        <SelectField
          name="interest"
          label={t('enquiries:form.interest')}
          required
          options={LeadInterest.options.map((v) => ({ value: v, label: t(`enquiries:interest.${v}`) }))}
        />
        <SelectField
          name="source"
          label={t('enquiries:form.source')}
          required
          options={LeadSource.options.map((v) => ({ value: v, label: t(`enquiries:source.${v}`) }))}
        />
        <TextField
          name="referralCode"
          label={t('enquiries:form.referralCode')}
          hint={t('enquiries:form.referralCodeHint')}
          optional
          autoComplete="off"
          maxLength={12}
          testId="enquiry-referral"
        />
        <TextField name="preferredTime" label={t('enquiries:form.preferredTime')} hint={t('enquiries:form.preferredTimeHint')} optional />
        <TextareaField name="notes" label={t('enquiries:form.notes')} optional rows={3} />
        <label htmlFor={marketingId} className="enq-check">
          <input
            id={marketingId}
            type="checkbox"
            {...form.register('marketingConsent')}
            aria-describedby={`${marketingId}-hint`}
            data-testid="enquiry-marketing-consent"
          />
          {t('enquiries:form.marketingConsent')}
        </label>
        <p className="enq-muted" id={`${marketingId}-hint`}>
          {t('enquiries:form.marketingConsentHint', { stop: 'STOP' })}
        </p>
      </Form>
    </Modal>
  );
}
