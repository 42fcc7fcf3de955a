import {
  MAX_TEMPLATE_VARIABLES,
  MessageTemplateInput,
  TemplateCategory,
  TemplateChannel,
  type MarketingChannel,
  TemplateVariable,
  type MessageTemplate,
  type TemplateLanguage,
} from '@akhada/contracts';
import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { useFieldMessage } from '../../../components/form/use-field-message';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { MemberPicker, type PickedMember } from '../../../components/member-picker';
import { Modal } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { QueryView } from '../../../components/query-view';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useArchiveTemplate, useCreateTemplate, useDraftPreview, useRefreshTemplateStatus, useTemplate, useUpdateTemplate } from '../api/templates-api';
import { LanguageToggle, PreviewView } from '../components/template-preview';
import { approvalTone } from '../lib/labels';
import { useDebounced } from '../lib/use-debounced';
import '../campaigns.css';

type Texts = { en: string; hi: string };
interface Values {
  channel: MarketingChannel;
  name: string;
  category: TemplateCategory;
  bodies: Texts;
  variables: string[];
  subject: Texts;
  html: Texts;
  dltTemplateId: string;
  senderHeader: string;
}

/** How long the text must rest before the preview is filled again. */
const PREVIEW_DEBOUNCE_MS = 500;

const opt = (x: Texts) => ({ en: x.en.trim() === '' ? undefined : x.en, hi: x.hi.trim() === '' ? undefined : x.hi });

/** The contract's body from the form: the channel decides the fields. */
function toBody(v: Values) {
  const common = { name: v.name, category: v.category, bodies: opt(v.bodies), variables: v.variables };
  if (v.channel === 'sms') return { channel: 'sms' as const, ...common, dltTemplateId: v.dltTemplateId, senderHeader: v.senderHeader };
  if (v.channel === 'email') return { channel: 'email' as const, ...common, subject: opt(v.subject), html: opt(v.html) };
  return { channel: 'whatsapp' as const, ...common };
}

const fromTemplate = (x: MessageTemplate): Values => ({
  channel: x.channel,
  name: x.name,
  category: x.category,
  bodies: { en: x.bodies.en ?? '', hi: x.bodies.hi ?? '' },
  variables: [...x.variables],
  subject: { en: x.subject?.en ?? '', hi: x.subject?.hi ?? '' },
  html: { en: x.html?.en ?? '', hi: x.html?.hi ?? '' },
  dltTemplateId: x.dltTemplateId ?? '',
  senderHeader: x.senderHeader ?? '',
});

/** /dashboard/campaigns/templates/new?channel=… and /dashboard/campaigns/templates/:id: write or edit a template, with its preview. */
export function TemplateEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation(ALL_NS);
  const [params] = useSearchParams();
  const template = useTemplate(id);
  const channel = TemplateChannel.safeParse(params.get('channel'));
  if (id === undefined) {
    const c: MarketingChannel = channel.success ? channel.data : 'whatsapp';
    return (
      <Editor
        key={c}
        initial={{
          channel: c,
          name: '',
          category: 'marketing',
          bodies: { en: '', hi: '' },
          variables: ['firstName'],
          subject: { en: '', hi: '' },
          html: { en: '', hi: '' },
          dltTemplateId: '',
          senderHeader: '',
        }}
        saved={null}
      />
    );
  }
  return (
    <div className="page cmp-page">
      <QueryView query={template} loading={t('campaigns:editor.loading')} errorTitle={t('campaigns:editor.loadError')}>
        {(x) => <Editor key={x.id} initial={fromTemplate(x)} saved={x} />}
      </QueryView>
    </div>
  );
}

function Editor({ initial, saved }: { initial: Values; saved: MessageTemplate | null }) {
  const { t } = useTranslation(ALL_NS);
  const channelName = t(`campaigns:channel.${initial.channel}`);
  useDocumentTitle(saved ? t('campaigns:editor.editTitle') : t('campaigns:editor.newTitle', { channel: channelName }));
  const navigate = useNavigate();
  const { describe } = useErrorText();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const archive = useArchiveTemplate();
  const review = useRefreshTemplateStatus();
  const [archiving, setArchiving] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  const save = saved ? update : create;
  const form = useContractForm(MessageTemplateInput, { defaultValues: initial, toBody });
  const values = useWatch({ control: form.control }) as Values;
  const variables = values.variables;
  const channel = initial.channel;
  const current = review.data ?? saved;

  // The preview: the draft as the contract reads it, once it holds together and has rested.
  const draft = useMemo(() => {
    const parsed = MessageTemplateInput.safeParse(toBody(values));
    return parsed.success ? parsed.data : null;
  }, [values]);
  const settled = useDebounced(draft, PREVIEW_DEBOUNCE_MS);
  const languages = (['en', 'hi'] as const).filter((l) => values.bodies[l].trim() !== '');
  const [language, setLanguage] = useState<TemplateLanguage>('en');
  const shown: TemplateLanguage = languages.includes(language) ? language : (languages[0] ?? 'en');
  const [member, setMember] = useState<PickedMember | null>(null);
  const preview = useDraftPreview(settled, shown, member?.id);
  const pickerForm = useForm<{ previewMemberId: string }>({ defaultValues: { previewMemberId: '' } });

  const setVariables = (next: string[]) => form.setValue('variables', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const variableChoices = TemplateVariable.options.map((v) => ({ value: v, label: t(`campaigns:variable.${v}`) }));

  return (
    <div className="page cmp-page">
      <PageHeader
        title={saved ? saved.name : t('campaigns:editor.newTitle', { channel: channelName })}
        subtitle={saved ? `${channelName} · ${t(`campaigns:purpose.${saved.category}`)}` : undefined}
        actions={
          <>
            <Link to={`/dashboard/campaigns/templates?channel=${channel}`} className="btn btn--secondary">
              {t('campaigns:templates.title')}
            </Link>
            {saved && saved.archivedAt === null ? (
              <button type="button" className="btn cmp-danger-outline" onClick={() => setArchiving(true)} data-testid="archive-template">
                {t('campaigns:editor.archive')}
              </button>
            ) : null}
          </>
        }
      />
      {flash ? <Alert tone="success">{flash}</Alert> : null}
      {saved?.archivedAt ? <Alert tone="info">{t('campaigns:editor.archivedNote')}</Alert> : null}
      {save.isError ? <Alert tone="error">{describe(save.error)}</Alert> : null}
      <div className="cmp-editor">
        <Form
          form={form}
          busy={save.isPending}
          testId="template-form"
          className="card cmp-section"
          onSubmit={async (body) => {
            setFlash(null);
            try {
              const result = saved ? await update.mutateAsync({ id: saved.id, body }) : await create.mutateAsync(body);
              if (saved) setFlash(t('campaigns:editor.saved'));
              else void navigate(`/dashboard/campaigns/templates/${result.id}`, { replace: true });
            } catch (err) {
              applyServerErrors(form, err);
            }
          }}
        >
          <TextField
            name="name"
            label={t('campaigns:editor.name')}
            hint={channel === 'whatsapp' ? t('campaigns:editor.whatsappNameHint', { example: 'diwali_offer' }) : t('campaigns:editor.nameHint')}
            required
            autoComplete="off"
            readOnly={saved !== null && channel === 'whatsapp'}
            testId="template-name"
          />
          <SelectField
            name="category"
            label={t('campaigns:editor.category')}
            hint={t('campaigns:editor.categoryHint')}
            required
            options={TemplateCategory.options.map((c) => ({ value: c, label: t(`campaigns:purpose.${c}`) }))}
            testId="template-category"
          />
          {channel === 'sms' ? (
            <div className="cmp-days">
              <TextField
                name="dltTemplateId"
                label={t('campaigns:editor.dltTemplateId')}
                hint={t('campaigns:editor.dltHint')}
                required
                inputMode="numeric"
                autoComplete="off"
                testId="template-dlt"
              />
              <TextField
                name="senderHeader"
                label={t('campaigns:editor.senderHeader')}
                hint={t('campaigns:editor.senderHint')}
                required
                maxLength={6}
                autoComplete="off"
                autoCapitalize="characters"
                testId="template-sender"
              />
            </div>
          ) : null}
          {(['en', 'hi'] as const).map((l) => (
            <div key={l} className="cmp-lang-block" lang={l}>
              {channel === 'email' ? (
                <>
                  <TextField
                    name={`subject.${l}`}
                    label={t(`campaigns:editor.subject${l === 'en' ? 'En' : 'Hi'}`)}
                    autoComplete="off"
                    testId={`template-subject-${l}`}
                  />
                  <TextareaField
                    name={`html.${l}`}
                    label={t(`campaigns:editor.html${l === 'en' ? 'En' : 'Hi'}`)}
                    hint={t('campaigns:editor.htmlHint')}
                    rows={6}
                    className="cmp-code"
                    spellCheck={false}
                    testId={`template-html-${l}`}
                  />
                </>
              ) : null}
              <TextareaField
                name={`bodies.${l}`}
                label={t(`campaigns:editor.${channel === 'email' ? 'text' : 'body'}${l === 'en' ? 'En' : 'Hi'}`)}
                hint={t('campaigns:editor.bodyHint', { example: '{{1}}', interpolation: { skipOnVariables: true } })}
                rows={4}
                testId={`template-body-${l}`}
              />
            </div>
          ))}
          <GroupError name="bodies" label={t('campaigns:editor.bodyEn')} />
          <fieldset className="cmp-variables" data-testid="template-variables">
            <legend className="field__label">{t('campaigns:editor.variables')}</legend>
            <p className="field__hint">{t('campaigns:editor.variablesHint')}</p>
            <ol className="cmp-variables__list">
              {variables.map((v, i) => (
                <li key={i} className="cmp-variables__row">
                  <FormField
                    name={`variables.${i}`}
                    label={t('campaigns:editor.variableLabel', { n: `{{${i + 1}}}`, interpolation: { skipOnVariables: true } })}
                  >
                    {(p) => (
                      <select
                        {...p}
                        className="input select"
                        value={v}
                        onChange={(e) => setVariables(variables.map((x, j) => (j === i ? e.target.value : x)))}
                        data-testid={`variable-${i + 1}`}
                      >
                        {variableChoices.map((c) => (
                          <option key={c.value} value={c.value}>
                            {c.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    onClick={() => setVariables(variables.filter((_, j) => j !== i))}
                    aria-label={t('campaigns:editor.removeVariable', { n: `{{${i + 1}}}`, interpolation: { skipOnVariables: true } })}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ol>
            {variables.length < MAX_TEMPLATE_VARIABLES ? (
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => setVariables([...variables, 'firstName'])} data-testid="add-variable">
                {t('campaigns:editor.addVariable')}
              </button>
            ) : null}
          </fieldset>
          <div className="cmp-actions">
            <button type="submit" className="btn btn--primary" disabled={save.isPending || saved?.archivedAt != null} data-testid="save-template">
              {save.isPending ? t('campaigns:editor.saving') : t('campaigns:editor.save')}
            </button>
          </div>
        </Form>

        <aside className="cmp-editor__side">
          {channel === 'whatsapp' && current ? (
            <section className="card cmp-section" aria-labelledby="cmp-review" data-testid="template-review">
              <h2 id="cmp-review" className="cmp-section__title">
                {t('campaigns:editor.reviewTitle')}
              </h2>
              <p className="text-muted">{t('campaigns:editor.reviewHint')}</p>
              <p className="cmp-review">
                {(['en', 'hi'] as const).some((l) => current.whatsappStatus[l])
                  ? (['en', 'hi'] as const).map((l) => {
                      const s = current.whatsappStatus[l];
                      return s ? (
                        <span key={l} className={`badge badge--${approvalTone[s]}`}>
                          {t('campaigns:templates.languageReview', { language: t(`campaigns:preview.${l}`), status: t(`campaigns:templates.approval.${s}`) })}
                        </span>
                      ) : null;
                    })
                  : t('campaigns:editor.reviewNone')}
              </p>
              {current.whatsappRejection ? <Alert tone="error">{t('campaigns:editor.rejection', { reason: current.whatsappRejection })}</Alert> : null}
              {review.isError ? <Alert tone="error">{describe(review.error)}</Alert> : null}
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                disabled={review.isPending}
                onClick={() => review.mutate(current.id)}
                data-testid="check-review"
              >
                {t('campaigns:editor.checkReview')}
              </button>
            </section>
          ) : null}
          <section className="card cmp-section" aria-labelledby="cmp-draft-preview">
            <h2 id="cmp-draft-preview" className="cmp-section__title">
              {t('campaigns:preview.title')}
            </h2>
            <FormProvider {...pickerForm}>
              <FormField name="previewMemberId" label={t('campaigns:preview.member')} optional>
                {(control) => (
                  <MemberPicker
                    control={control}
                    chosen={member}
                    onChoose={setMember}
                    placeholder={t('campaigns:preview.memberPlaceholder')}
                    testId="preview-member"
                  />
                )}
              </FormField>
            </FormProvider>
            <LanguageToggle value={shown} onChange={setLanguage} available={languages.length > 0 ? languages : undefined} />
            <PreviewView query={preview} idle={t('campaigns:preview.incomplete')} />
          </section>
        </aside>
      </div>

      {saved ? (
        <Modal
          open={archiving}
          onClose={() => setArchiving(false)}
          title={t('campaigns:editor.archiveTitle')}
          description={t('campaigns:editor.archiveBody')}
          size="sm"
          testId="archive-dialog"
          footer={
            <>
              <button type="button" className="btn btn--secondary" onClick={() => setArchiving(false)}>
                {t('common:actions.cancel')}
              </button>
              <button
                type="button"
                className="btn cmp-danger"
                disabled={archive.isPending}
                data-testid="confirm-archive"
                onClick={() =>
                  archive.mutate(saved.id, {
                    onSuccess: () =>
                      void navigate(`/dashboard/campaigns/templates?channel=${channel}`, { state: { flash: t('campaigns:editor.archivedDone') } }),
                  })
                }
              >
                {t('campaigns:editor.archive')}
              </button>
            </>
          }
        >
          {archive.isError ? <Alert tone="error">{describe(archive.error)}</Alert> : null}
        </Modal>
      ) : null}
    </div>
  );
}

/** The error of a group of fields (e.g. "write it in English, Hindi or both" for the bodies), announced where it applies. */
function GroupError({ name, label }: { name: string; label: string }) {
  const error = useFieldMessage(name, label);
  return error ? (
    <p className="field__error" role="alert" data-testid={`${name}-error`}>
      {error}
    </p>
  ) : null;
}
