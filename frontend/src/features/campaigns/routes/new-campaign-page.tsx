import {
  AgeBand,
  CampaignChannel,
  CreateCampaignBody,
  DEFAULT_CAMPAIGN_RATE,
  Gender,
  LeadSource,
  LeadStage,
  MembershipStatus,
  SegmentCountBody,
  type MessageTemplate,
  type Segment,
  type SegmentCount,
  type TemplateLanguage,
} from '@akhada/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { applyServerErrors } from '../../../components/form/server-errors';
import { DateField, TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page-header';
import { useUser } from '../../../lib/auth/session';
import { formatNumber } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ApiError } from '../../../lib/api-error';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useCreateCampaign, usePlans, useSegmentCount } from '../api/campaigns-api';
import { useTemplatePreview, useTemplates } from '../api/templates-api';
import { CheckboxGroup, RadioGroup } from '../components/choice-group';
import { LanguageToggle, PreviewView } from '../components/template-preview';
import { useDebounced } from '../lib/use-debounced';
import '../campaigns.css';

/** Notifications' refusal of a send time in the past (a field-less 400: the time passed while the form was open). */
const SEND_TIME_PAST = 'The send time is in the past';

interface Values {
  name: string;
  channel: CampaignChannel;
  templateId: string;
  segment: {
    audience: 'members' | 'leads';
    locationIds: string[];
    statuses: string[];
    planIds: string[];
    expiringWithinDays: string;
    expiredWithinDays: string;
    noVisitInDays: string;
    birthdayThisWeek: boolean;
    genders: string[];
    ageBands: string[];
    stages: string[];
    sources: string[];
  };
  when: 'now' | 'later';
  sendAt: { date: string; time: string };
  ratePerMinute: string;
}

/** How long the criteria must rest before the live count is asked again. */
export const COUNT_DEBOUNCE_MS = 400;

const days = (v: string) => (v.trim() === '' ? undefined : Number(v));
const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The contract's segment from the form: members or leads, only that audience's criteria. */
function toSegment(s: Values['segment']): Segment {
  if (s.audience === 'leads') return { audience: 'leads', locationIds: s.locationIds, stages: s.stages, sources: s.sources } as Segment;
  return {
    audience: 'members',
    locationIds: s.locationIds,
    statuses: s.statuses,
    planIds: s.planIds,
    expiringWithinDays: days(s.expiringWithinDays),
    expiredWithinDays: days(s.expiredWithinDays),
    noVisitInDays: days(s.noVisitInDays),
    birthdayThisWeek: s.birthdayThisWeek,
    genders: s.genders,
    ageBands: s.ageBands,
  } as Segment;
}

/** Today + `plus` days in a time zone, as YYYY-MM-DD. */
const dayIn = (timeZone: string, plus = 0) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now() + plus * 86_400_000);

/**
 * /dashboard/campaigns/new (owners and admins): a campaign's segment (members by status, plan, expiry, visits,
 * birthday, gender, age; or enquiries by stage and source; by location) with the live count of who the channel can
 * reach and why the others cannot, a template of the channel with its preview in English or Hindi, now or at a local
 * time in the location's zone, and the rate.
 */
export function NewCampaignPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('campaigns:form.title'));
  const user = useUser();
  const navigate = useNavigate();
  const { describe } = useErrorText();
  const create = useCreateCampaign();
  const [refusedOnField, setRefusedOnField] = useState(false);
  const firstZone = user.locations[0]?.timezone ?? 'Asia/Kolkata';
  const empty: Values = {
    name: '',
    channel: 'whatsapp',
    templateId: '',
    segment: {
      audience: 'members',
      locationIds: [],
      statuses: ['active'],
      planIds: [],
      expiringWithinDays: '',
      expiredWithinDays: '',
      noVisitInDays: '',
      birthdayThisWeek: false,
      genders: [],
      ageBands: [],
      stages: [],
      sources: [],
    },
    when: 'now',
    sendAt: { date: dayIn(firstZone, 1), time: '10:00' },
    ratePerMinute: String(DEFAULT_CAMPAIGN_RATE),
  };
  const form = useContractForm(CreateCampaignBody, {
    defaultValues: empty,
    toBody: (v: Values) => ({
      name: v.name,
      segment: toSegment(v.segment),
      channel: v.channel,
      templateId: v.templateId,
      sendAt: v.when === 'later' ? { date: v.sendAt.date, time: v.sendAt.time } : undefined,
      ratePerMinute: num(v.ratePerMinute),
    }),
  });
  const values = useWatch({ control: form.control }) as Values;
  const channel = values.channel;
  const audience = values.segment.audience;

  const templates = useTemplates(channel);
  const usable = useMemo(() => (templates.data ?? []).filter((x) => x.archivedAt === null), [templates.data]);
  const template: MessageTemplate | undefined = usable.find((x) => x.id === values.templateId);
  // A channel's templates are not another's: a change of channel empties the choice.
  useEffect(() => {
    if (form.getValues('templateId') && !usable.some((x) => x.id === form.getValues('templateId'))) form.setValue('templateId', '');
  }, [usable, form]);

  const purpose = template?.category ?? 'marketing';
  const countBody = useMemo(() => {
    const parsed = SegmentCountBody.safeParse({ segment: toSegment(values.segment), channel, purpose });
    return parsed.success ? parsed.data : null;
  }, [values.segment, channel, purpose]);
  const settledBody = useDebounced(countBody, COUNT_DEBOUNCE_MS);
  const count = useSegmentCount(settledBody);

  const languages = (['en', 'hi'] as const).filter((l) => template?.bodies[l] !== undefined);
  const [language, setLanguage] = useState<TemplateLanguage>('en');
  const shownLanguage: TemplateLanguage = languages.includes(language) ? language : (languages[0] ?? 'en');
  const preview = useTemplatePreview(template ? template.id : null, shownLanguage);

  const zoneLocation = user.locations.find((l) => l._id === values.segment.locationIds[0]) ?? user.locations[0];
  const plans = usePlans();
  const channelName = t(`campaigns:channel.${channel}`);
  const notApproved =
    template?.channel === 'whatsapp' && languages.some((l) => template.whatsappStatus[l] !== 'approved') ? t('campaigns:form.notApproved') : null;

  return (
    <div className="page cmp-page">
      <PageHeader
        title={t('campaigns:form.title')}
        subtitle={t('campaigns:form.subtitle')}
        actions={
          <Link to="/dashboard/campaigns" className="btn btn--secondary">
            {t('campaigns:backToCampaigns')}
          </Link>
        }
      />
      {create.isError && !refusedOnField ? <Alert tone="error">{describe(create.error)}</Alert> : null}
      <Form
        form={form}
        busy={create.isPending}
        testId="campaign-form"
        className="cmp-form"
        onSubmit={async (body) => {
          try {
            const saved = await create.mutateAsync(body);
            void navigate(`/dashboard/campaigns/${saved._id}`, { state: { flash: t('campaigns:form.created') } });
          } catch (err) {
            // The server's refusal at its field, never only in an alert: its field issues, and a send time in the past
            // (which it states without a field) on the time.
            const onFields = applyServerErrors(form, err);
            const past = onFields === 0 && err instanceof ApiError && err.status === 400 && err.body?.message === SEND_TIME_PAST;
            if (past) form.setError('sendAt.time', { type: 'server', message: t('campaigns:form.sendTimePast') }, { shouldFocus: true });
            setRefusedOnField(onFields > 0 || past);
          }
        }}
      >
        <section className="card cmp-section">
          <TextField name="name" label={t('campaigns:form.name')} hint={t('campaigns:form.nameHint')} required autoComplete="off" testId="campaign-name" />
          <RadioGroup
            name="channel"
            legend={t('campaigns:form.channel')}
            choices={CampaignChannel.options.map((c) => ({ value: c, label: t(`campaigns:channel.${c}`) }))}
            testId="campaign-channel"
          />
        </section>

        <section className="card cmp-section" aria-labelledby="cmp-who">
          <h2 id="cmp-who" className="cmp-section__title">
            {t('campaigns:form.whoTitle')}
          </h2>
          <RadioGroup
            name="segment.audience"
            legend={t('campaigns:form.audience')}
            choices={(['members', 'leads'] as const).map((a) => ({ value: a, label: t(`campaigns:audience.${a}`) }))}
            testId="campaign-audience"
          />
          {user.locations.length > 1 ? (
            <CheckboxGroup
              name="segment.locationIds"
              legend={t('campaigns:segment.locations')}
              hint={t('campaigns:segment.allLocations')}
              choices={user.locations.map((l) => ({ value: l._id, label: l.name }))}
            />
          ) : null}
          {audience === 'members' ? (
            <>
              <CheckboxGroup
                name="segment.statuses"
                legend={t('campaigns:segment.statuses')}
                hint={t('campaigns:segment.anyHint')}
                choices={MembershipStatus.options.filter((s) => s !== 'archived').map((s) => ({ value: s, label: t(`campaigns:segment.memberStatus.${s}`) }))}
                testId="segment-statuses"
              />
              {plans.data && plans.data.length > 0 ? (
                <CheckboxGroup
                  name="segment.planIds"
                  legend={t('campaigns:segment.plans')}
                  hint={t('campaigns:segment.anyHint')}
                  choices={plans.data.map((p) => ({ value: p._id, label: p.name }))}
                />
              ) : null}
              <div className="cmp-days">
                <TextField
                  name="segment.expiringWithinDays"
                  label={t('campaigns:segment.expiringWithinDays')}
                  hint={t('campaigns:segment.daysHint')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={365}
                  testId="segment-expiring"
                />
                <TextField
                  name="segment.expiredWithinDays"
                  label={t('campaigns:segment.expiredWithinDays')}
                  hint={t('campaigns:segment.daysHint')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  testId="segment-expired"
                />
                <TextField
                  name="segment.noVisitInDays"
                  label={t('campaigns:segment.noVisitInDays')}
                  hint={t('campaigns:segment.daysHint')}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  testId="segment-novisit"
                />
              </div>
              <label className="cmp-choice cmp-choice--single">
                <input type="checkbox" {...form.register('segment.birthdayThisWeek')} data-testid="segment-birthday" />
                <span>{t('campaigns:segment.birthdayThisWeek')}</span>
              </label>
              <CheckboxGroup
                name="segment.genders"
                legend={t('campaigns:segment.genders')}
                hint={t('campaigns:segment.anyHint')}
                choices={Gender.options.map((g) => ({ value: g, label: t(`campaigns:segment.gender.${g}`) }))}
              />
              <CheckboxGroup
                name="segment.ageBands"
                legend={t('campaigns:segment.ageBands')}
                hint={t('campaigns:segment.anyHint')}
                choices={AgeBand.options.map((a) => ({ value: a, label: t(`campaigns:segment.age.${a}`) }))}
              />
            </>
          ) : (
            <>
              <CheckboxGroup
                name="segment.stages"
                legend={t('campaigns:segment.stages')}
                hint={t('campaigns:segment.anyHint')}
                choices={LeadStage.options.map((s) => ({ value: s, label: t(`enquiries:stage.${s}`) }))}
                testId="segment-stages"
              />
              <CheckboxGroup
                name="segment.sources"
                legend={t('campaigns:segment.sources')}
                hint={t('campaigns:segment.anyHint')}
                choices={LeadSource.options.map((s) => ({ value: s, label: t(`enquiries:source.${s}`) }))}
              />
            </>
          )}
          <LiveCount
            count={count.data}
            loading={count.isFetching || JSON.stringify(countBody) !== JSON.stringify(settledBody)}
            failed={count.isError ? count.error : null}
            onRetry={() => void count.refetch()}
            invalid={countBody === null}
            channel={channel}
            purpose={purpose}
          />
        </section>

        <section className="card cmp-section" aria-labelledby="cmp-message">
          <h2 id="cmp-message" className="cmp-section__title">
            {t('campaigns:form.messageTitle')}
          </h2>
          {templates.isError ? (
            <Alert tone="error" title={t('campaigns:form.templatesLoadError')}>
              {describe(templates.error)}{' '}
              <button type="button" className="btn btn--secondary btn--sm" onClick={() => void templates.refetch()}>
                {t('common:actions.retry')}
              </button>
            </Alert>
          ) : !templates.isPending && usable.length === 0 ? (
            <p className="text-muted" data-testid="no-templates">
              {t('campaigns:form.noTemplates', { channel: channelName })}{' '}
              <Link to={`/dashboard/campaigns/templates/new?channel=${channel}`}>{t('campaigns:form.createTemplate')}</Link>
            </p>
          ) : null}
          <SelectField
            name="templateId"
            label={t('campaigns:form.template')}
            hint={t('campaigns:form.templateHint')}
            required
            disabled={templates.isPending}
            options={[
              { value: '', label: t('campaigns:form.templateNone') },
              ...usable.map((x) => ({ value: x.id, label: `${x.name} · ${t(`campaigns:purpose.${x.category}`)}` })),
            ]}
            testId="campaign-template"
          />
          {template ? (
            <div className="cmp-preview-box" aria-labelledby="cmp-preview-title">
              <h3 id="cmp-preview-title" className="cmp-section__subtitle">
                {t('campaigns:preview.title')}
              </h3>
              <LanguageToggle value={shownLanguage} onChange={setLanguage} available={languages} />
              {notApproved ? <Alert tone="warning">{notApproved}</Alert> : null}
              <PreviewView query={preview} />
            </div>
          ) : null}
        </section>

        <section className="card cmp-section" aria-labelledby="cmp-when">
          <h2 id="cmp-when" className="cmp-section__title">
            {t('campaigns:form.whenTitle')}
          </h2>
          <RadioGroup
            name="when"
            legend={t('campaigns:form.when')}
            choices={[
              { value: 'now', label: t('campaigns:form.now') },
              { value: 'later', label: t('campaigns:form.later') },
            ]}
            testId="campaign-when"
          />
          {values.when === 'later' ? (
            <div className="cmp-days">
              <DateField name="sendAt.date" label={t('campaigns:form.date')} required testId="campaign-date" />
              <TextField
                name="sendAt.time"
                type="time"
                label={t('campaigns:form.time')}
                required
                hint={t('campaigns:form.timeZoneHint', { location: zoneLocation?.name ?? '', zone: zoneLocation?.timezone ?? firstZone })}
                testId="campaign-time"
              />
            </div>
          ) : null}
          <TextField
            name="ratePerMinute"
            type="number"
            inputMode="numeric"
            min={1}
            label={t('campaigns:form.rate')}
            hint={t('campaigns:form.rateHint')}
            testId="campaign-rate"
          />
        </section>

        <div className="cmp-actions">
          <Link to="/dashboard/campaigns" className="btn btn--secondary">
            {t('common:actions.cancel')}
          </Link>
          <button type="submit" className="btn btn--primary" disabled={create.isPending} data-testid="create-campaign">
            {create.isPending ? t('campaigns:form.sending') : values.when === 'later' ? t('campaigns:form.schedule') : t('campaigns:form.sendNow')}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** The segment's live count: how many, how many the channel reaches, and why the others are not reached. Announced politely. */
function LiveCount({
  count,
  loading,
  failed,
  onRetry,
  invalid,
  channel,
  purpose,
}: {
  count: SegmentCount | undefined;
  loading: boolean;
  failed: unknown;
  onRetry: () => void;
  invalid: boolean;
  channel: CampaignChannel;
  purpose: 'marketing' | 'utility';
}) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const channelName = t(`campaigns:channel.${channel}`);
  let body;
  if (invalid) body = <p className="text-muted">{t('campaigns:count.fixCriteria')}</p>;
  else if (failed && !count)
    body = (
      <p>
        {t('campaigns:count.error')}: {describe(failed)}{' '}
        <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
          {t('common:actions.retry')}
        </button>
      </p>
    );
  else if (!count) body = <p className="text-muted">{t('campaigns:count.counting')}</p>;
  else
    body = (
      <>
        <p className="cmp-count__total" data-testid="count-total">
          {t('campaigns:count.total', { count: count.total, n: formatNumber(count.total) })}
        </p>
        <p className="cmp-count__reachable" data-testid="count-reachable">
          {t('campaigns:count.reachable', { count: count.reachable, n: formatNumber(count.reachable), channel: channelName })}
        </p>
        {count.noConsent > 0 ? (
          <p data-testid="count-no-consent">
            {t('campaigns:count.noConsent', { count: count.noConsent, n: formatNumber(count.noConsent), channel: channelName })}
          </p>
        ) : null}
        {count.noAddress > 0 ? (
          <p data-testid="count-no-address">
            {t(channel === 'email' ? 'campaigns:count.noAddressEmail' : 'campaigns:count.noAddressPhone', {
              count: count.noAddress,
              n: formatNumber(count.noAddress),
            })}
          </p>
        ) : null}
        <p className="text-muted cmp-count__note">{purpose === 'marketing' ? t('campaigns:count.marketingNote') : t('campaigns:count.utilityNote')}</p>
      </>
    );
  return (
    <div className="cmp-count" aria-live="polite" aria-busy={loading || undefined} data-testid="live-count">
      <h3 className="cmp-section__subtitle">
        {t('campaigns:count.title')}
        {loading && !invalid ? <span className="text-muted cmp-count__busy"> · {t('campaigns:count.counting')}</span> : null}
      </h3>
      {body}
    </div>
  );
}
