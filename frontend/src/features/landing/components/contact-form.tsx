import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Field } from '../../../components/field';
import { CheckCircleIcon } from '../../../components/icons/check-circle';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useSendEnquiry, type EnquiryInput } from '../api/send-enquiry';

const EMPTY = { name: '', email: '', phone: '', gymName: '', city: '', topic: 'sales', message: '' };
type Form = typeof EMPTY;
type Topic = EnquiryInput['topic'];

/** The contact form: validated with ContactBody before sending; server field errors are shown at their fields. */
export function ContactForm() {
  const { t } = useTranslation(ALL_NS);
  const { describe, fields } = useErrorText();
  const send = useSendEnquiry();
  const [form, setForm] = useState<Form>(EMPTY);
  const [attempts, setAttempts] = useState(0);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (send.isPending) return;
    send.mutate({ ...form, topic: form.topic as Topic }, { onError: () => setAttempts((n) => n + 1) });
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
            setForm(EMPTY);
            send.reset();
          }}
        >
          {t('pages:contact.sendAnother')}
        </button>
      </div>
    );
  }

  const errs = send.isError ? fields(send.error) : {};
  const fieldCount = Object.keys(errs).length;
  return (
    <form onSubmit={onSubmit} noValidate className="form" aria-busy={send.isPending} data-testid="contact-form">
      {send.isError ? (
        <Alert tone="error" shake={attempts} testId="contact-error">
          {fieldCount > 1 ? t('errors:checkFields') : describe(send.error, { fallback: t('pages:contact.failed') })}
        </Alert>
      ) : null}
      <div className="form__grid">
        <Field label={t('pages:contact.name')} error={errs.name} required>
          {(p) => (
            <input
              {...p}
              className="input"
              name="name"
              autoComplete="name"
              maxLength={100}
              value={form.name}
              onChange={set('name')}
              required
              data-testid="contact-name"
            />
          )}
        </Field>
        <Field label={t('pages:contact.email')} error={errs.email} required>
          {(p) => (
            <input
              {...p}
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              maxLength={254}
              value={form.email}
              onChange={set('email')}
              required
              data-testid="contact-email"
            />
          )}
        </Field>
      </div>
      <div className="form__grid">
        <Field label={t('pages:contact.phone')} error={errs.phone} optional>
          {(p) => (
            <input
              {...p}
              className="input"
              type="tel"
              name="phone"
              autoComplete="tel"
              maxLength={20}
              value={form.phone}
              onChange={set('phone')}
              data-testid="contact-phone"
            />
          )}
        </Field>
        <Field label={t('pages:contact.topic')} error={errs.topic} required>
          {(p) => (
            <select {...p} className="input select" name="topic" value={form.topic} onChange={set('topic')} data-testid="contact-topic">
              <option value="sales">{t('pages:contact.topics.sales')}</option>
              <option value="support">{t('pages:contact.topics.support')}</option>
              <option value="other">{t('pages:contact.topics.other')}</option>
            </select>
          )}
        </Field>
      </div>
      <div className="form__grid">
        <Field label={t('pages:contact.gymName')} error={errs.gymName} optional>
          {(p) => (
            <input
              {...p}
              className="input"
              name="gymName"
              autoComplete="organization"
              maxLength={100}
              value={form.gymName}
              onChange={set('gymName')}
              data-testid="contact-gym-name"
            />
          )}
        </Field>
        <Field label={t('pages:contact.city')} error={errs.city} optional>
          {(p) => (
            <input
              {...p}
              className="input"
              name="city"
              autoComplete="address-level2"
              maxLength={100}
              value={form.city}
              onChange={set('city')}
              data-testid="contact-city"
            />
          )}
        </Field>
      </div>
      <Field label={t('pages:contact.message')} hint={t('pages:contact.messageHint')} error={errs.message} required>
        {(p) => (
          <textarea
            {...p}
            className="input contact-form__message"
            name="message"
            rows={6}
            minLength={10}
            maxLength={2000}
            value={form.message}
            onChange={set('message')}
            required
            data-testid="contact-message"
          />
        )}
      </Field>
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
    </form>
  );
}
