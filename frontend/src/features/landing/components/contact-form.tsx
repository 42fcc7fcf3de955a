import { ContactBody, ContactTopic } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { CheckCircleIcon } from '../../../components/icons/check-circle';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useSendEnquiry, type EnquiryInput } from '../api/send-enquiry';

const EMPTY = { name: '', email: '', phone: '', gymName: '', city: '', topic: 'sales', message: '' } satisfies Record<keyof EnquiryInput, string>;
type ContactForm = typeof EMPTY;

/** The contact form: checked with ContactBody before sending; server field errors are shown at their fields. */
export function ContactForm() {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const send = useSendEnquiry();
  const [attempts, setAttempts] = useState(0);
  const [fieldIssues, setFieldIssues] = useState(0);
  const form = useContractForm<ContactForm, typeof ContactBody>(ContactBody, { defaultValues: EMPTY, toBody: (v) => v });

  const onSubmit = (body: EnquiryInput) => {
    if (send.isPending) return;
    send.mutate(body, {
      onError: (error) => {
        setFieldIssues(applyServerErrors(form, error));
        setAttempts((n) => n + 1);
      },
    });
  };

  if (send.isSuccess) {
    return (
      <div className="contact-sent" role="status" data-testid="contact-success">
        <CheckCircleIcon size={32} className="contact-sent__icon" />
        <h2 className="contact-sent__title">{t('pages:contact.sentTitle')}</h2>
        <p>{t('pages:contact.sentText')}</p>
        <p>
          {t('pages:contact.reference')}:{' '}
          <code className="contact-sent__reference" data-testid="contact-reference">
            {send.data.enquiryId}
          </code>
        </p>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            form.reset(EMPTY);
            send.reset();
          }}
        >
          {t('pages:contact.sendAnother')}
        </button>
      </div>
    );
  }

  const topics = ContactTopic.options.map((value) => ({ value, label: t(`pages:contact.topics.${value}`) }));
  return (
    <Form form={form} onSubmit={onSubmit} busy={send.isPending} testId="contact-form">
      {send.isError ? (
        <Alert tone="error" shake={attempts} testId="contact-error">
          {fieldIssues > 1 ? t('errors:checkFields') : describe(send.error, { fallback: t('pages:contact.failed') })}
        </Alert>
      ) : null}
      <div className="form__grid">
        <TextField name="name" label={t('pages:contact.name')} autoComplete="name" maxLength={100} required testId="contact-name" />
        <EmailField name="email" label={t('pages:contact.email')} required testId="contact-email" />
      </div>
      <div className="form__grid">
        <PhoneField name="phone" label={t('pages:contact.phone')} optional testId="contact-phone" />
        <SelectField name="topic" label={t('pages:contact.topic')} options={topics} required testId="contact-topic" />
      </div>
      <div className="form__grid">
        <TextField name="gymName" label={t('pages:contact.gymName')} autoComplete="organization" maxLength={100} optional testId="contact-gym-name" />
        <TextField name="city" label={t('pages:contact.city')} autoComplete="address-level2" maxLength={100} optional testId="contact-city" />
      </div>
      <TextareaField
        name="message"
        label={t('pages:contact.message')}
        hint={t('pages:contact.messageHint')}
        className="contact-form__message"
        rows={6}
        maxLength={2000}
        required
        testId="contact-message"
      />
      <p className="form__note">
        {t('pages:contact.privacyNote')}{' '}
        <Link to="/privacy" className="link">
          {t('pages:contact.privacyLink')}
        </Link>
      </p>
      <div className="form__actions">
        <button type="submit" className="btn btn--primary" disabled={send.isPending} data-testid="contact-submit">
          {send.isPending ? t('pages:contact.sending') : t('pages:contact.submit')}
        </button>
      </div>
    </Form>
  );
}
