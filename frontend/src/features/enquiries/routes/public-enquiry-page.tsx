import { LeadInterest, PublicEnquiryBody } from '@akhada/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { ErrorState } from '../../../components/error-state';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { EmailField, PhoneField, TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { LoadingState } from '../../../components/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { usePublicForm, useSendPublicEnquiry } from '../api/enquiries-api';
import '../enquiries.css';

interface Values {
  name: string;
  phone: string;
  email: string;
  interest: string;
  preferredTime: string;
  notes: string;
  consent: boolean;
  marketingConsent: boolean;
  website: string;
}
const EMPTY: Values = {
  name: '',
  phone: '',
  email: '',
  interest: 'membership',
  preferredTime: '',
  notes: '',
  consent: false,
  marketingConsent: false,
  website: '',
};

/**
 * /enquire/:joinCode: a gym's public enquiry form, without sign-in (the link staff copy from Enquiries). The consent
 * text is shown in the visitor's language and recorded with the enquiry; a hidden field catches bots. A member's
 * referral link adds `?ref=<their code>`, sent with the enquiry (the lead is then the member's referral). Offers and
 * news are a separate, optional box, unticked until the visitor ticks it: only it is marketing consent (its text, with
 * the gym's name in the visitor's language, is recorded with the lead).
 */
export function PublicEnquiryPage() {
  const { joinCode = '' } = useParams();
  const ref = useSearchParams()[0].get('ref')?.slice(0, 40) || undefined;
  const { t, i18n } = useTranslation(ALL_NS);
  const formInfo = usePublicForm(joinCode);
  useDocumentTitle(formInfo.data ? t('enquiries:public.title', { place: formInfo.data.locationName }) : t('enquiries:title'));
  const send = useSendPublicEnquiry();
  const { describe } = useErrorText();
  const formId = useId();
  const consentId = useId();
  const marketingId = useId();
  const [sent, setSent] = useState(false);
  const language = i18n.language === 'hi' ? 'hi' : 'en';
  const form = useContractForm(PublicEnquiryBody, {
    defaultValues: EMPTY,
    toBody: (v: Values) => ({
      name: v.name,
      phone: v.phone,
      email: v.email.trim() === '' ? undefined : v.email,
      interest: v.interest,
      preferredTime: v.preferredTime || undefined,
      notes: v.notes || undefined,
      consent: v.consent,
      ...(v.marketingConsent ? { marketingConsent: true } : {}),
      language,
      website: v.website || undefined,
    }),
  });

  if (formInfo.isPending) return <LoadingState title={t('enquiries:public.loading')} />;
  if (formInfo.isError)
    return (
      <main className="enq-public">
        <ErrorState error={formInfo.error} title={t('enquiries:public.notFound')} />
      </main>
    );
  const info = formInfo.data;
  return (
    <main className="enq-public">
      <div className="card">
        <h1>{t('enquiries:public.title', { place: info.locationName })}</h1>
        {sent ? (
          <div role="status" data-testid="enquiry-sent">
            <h2>{t('enquiries:public.sentTitle')}</h2>
            <p>{t('enquiries:public.sent')}</p>
          </div>
        ) : (
          <>
            <p className="enq-muted">{t('enquiries:public.subtitle')}</p>
            {send.isError ? <Alert tone="error">{describe(send.error)}</Alert> : null}
            <Form
              form={form}
              id={formId}
              busy={send.isPending}
              onSubmit={async (body) => {
                try {
                  await send.mutateAsync({ code: joinCode, body: { ...body, email: body.email ?? undefined, ...(ref ? { ref } : {}) } });
                  setSent(true);
                } catch (err) {
                  applyServerErrors(form, err);
                }
              }}
            >
              <TextField name="name" label={t('enquiries:form.name')} required autoComplete="name" />
              <PhoneField name="phone" label={t('enquiries:form.phone')} required />
              <EmailField name="email" label={t('enquiries:form.email')} optional />
              <SelectField
                name="interest"
                label={t('enquiries:form.interest')}
                required
                options={LeadInterest.options.map((v) => ({ value: v, label: t(`enquiries:interest.${v}`) }))}
              />
              <TextField name="preferredTime" label={t('enquiries:form.preferredTime')} hint={t('enquiries:form.preferredTimeHint')} optional />
              <TextareaField name="notes" label={t('enquiries:form.notes')} optional rows={3} />
              <div className="enq-honeypot" aria-hidden="true">
                <TextField name="website" label={t('enquiries:public.website')} tabIndex={-1} autoComplete="off" />
              </div>
              <p className="enq-consent">{info.consentText[language]}</p>
              <label htmlFor={consentId} className="enq-check">
                <input id={consentId} type="checkbox" {...form.register('consent')} data-testid="enquiry-consent" />
                {t('enquiries:public.consentLabel')}
              </label>
              {form.formState.errors.consent ? (
                <p className="field-error" role="alert">
                  {t('errors:fields.consentRequired')}
                </p>
              ) : null}
              <label htmlFor={marketingId} className="enq-check">
                <input id={marketingId} type="checkbox" {...form.register('marketingConsent')} data-testid="enquiry-marketing-consent" />
                {info.marketingConsentText[language]} <span className="enq-muted">{t('enquiries:public.optional')}</span>
              </label>
              <button type="submit" className="btn btn--primary" disabled={send.isPending} data-testid="send-enquiry">
                {t('enquiries:public.send')}
              </button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}
