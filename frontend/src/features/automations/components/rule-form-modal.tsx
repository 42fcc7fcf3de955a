import {
  AutomationBody,
  AutomationTriggerType,
  MESSAGE_TRIGGERS,
  type AutomationAction,
  type AutomationBodyInput,
  type AutomationMessage,
  type AutomationRule,
  type MessageTemplate,
} from '@akhada/contracts';
import { useEffect, useId } from 'react';
import { get, useController, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Form } from '../../../components/form/form';
import { FormError, useFormFailure } from '../../../components/form/form-error';
import { closeResetting, FormModal } from '../../../components/form/form-modal';
import { fieldMessageText, i18nRef } from '../../../components/form/field-message';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { useContractForm } from '../../../components/form/use-contract-form';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import type { Translate } from '../../../lib/relative-time';
import { ALL_NS } from '../../../locales/resources';
import { useCreateRule, useTemplates, useUpdateRule } from '../api/automations-api';
import { hasDays, hasHours, isLeadTrigger, PLAN_IDS, planName, ruleName } from '../lib/rule-text';

const FORM_ID = 'automation-rule-form';
const MAX_ACTIONS = 5;

type ActionType = AutomationAction['type'];
type FollowUpKind = Extract<AutomationAction, { type: 'create_follow_up' }>['kind'];
const FOLLOW_UP_KINDS = ['call', 'whatsapp', 'visit'] as const satisfies readonly FollowUpKind[];
/** A new action's fields (a follow-up: a call due in a day). */
const BLANK_ACTION = { message: '', templateId: '', kind: 'call', dueInHours: '24', note: '' } as const satisfies Omit<ActionValues, 'type'>;
interface ActionValues {
  type: ActionType;
  message: string;
  templateId: string;
  /** A follow-up's (create_follow_up): its kind, due in hours (as typed) and note. */
  kind: FollowUpKind;
  dueInHours: string;
  note: string;
}
/** The editor's values, shaped like the contract's body so every issue lands on its field. */
interface Values {
  name: string;
  trigger: { type: AutomationTriggerType; days: string; hours: string };
  wait: { unit: '' | 'hours' | 'days'; amount: string };
  conditions: { planIds: string[]; stillTrue: boolean };
  locationIds: string[];
  actions: ActionValues[];
  active: boolean;
}

/** The built-in texts that fit a trigger (their words name what the trigger knows). */
export const messagesFor = (trigger: string): AutomationMessage[] =>
  (Object.keys(MESSAGE_TRIGGERS) as AutomationMessage[]).filter((m) => (MESSAGE_TRIGGERS[m] as readonly string[]).includes(trigger));

const actionKey = (a: ActionValues) => (a.type === 'send_message' ? `m:${a.message}` : a.type === 'send_template' ? `t:${a.templateId}` : a.type);
const num = (s: string) => (s.trim() === '' ? undefined : Number(s.trim()));

function valuesOf(rule: AutomationRule | null, adminLocations: string[]): Values {
  if (!rule) {
    return {
      name: '',
      trigger: { type: 'membership_expiring', days: '7', hours: '24' },
      wait: { unit: '', amount: '' },
      conditions: { planIds: [], stillTrue: true },
      locationIds: adminLocations,
      actions: [{ type: 'send_message', ...BLANK_ACTION, message: 'renewal_reminder' }],
      active: true,
    };
  }
  return {
    name: rule.name,
    trigger: {
      type: rule.trigger.type,
      days: 'days' in rule.trigger ? String(rule.trigger.days) : '',
      hours: 'hours' in rule.trigger ? String(rule.trigger.hours) : '24',
    },
    wait: rule.wait ? { unit: rule.wait.unit, amount: String(rule.wait.amount) } : { unit: '', amount: '' },
    conditions: { planIds: [...rule.conditions.planIds], stillTrue: rule.conditions.stillTrue },
    locationIds: [...rule.locationIds],
    actions: rule.actions.map((a) => (a.type === 'create_follow_up' ? { ...BLANK_ACTION, ...a, dueInHours: String(a.dueInHours) } : { ...BLANK_ACTION, ...a })),
    active: rule.status === 'active',
  };
}

/**
 * Makes a rule or edits one: WHEN (the trigger and its days), an optional wait, ONLY IF (locations, plans, still true
 * at send time), THEN up to five actions (a built-in message fitting the trigger, one of the gym's templates, tell
 * staff, a follow-up on a lead trigger). A built-in rule keeps its trigger. The contract checks the form; the rules it cannot (a repeated action, an
 * admin's rule without their locations) are the screen's own.
 */
export function RuleFormModal({ open, onClose, rule }: { open: boolean; onClose: () => void; rule: AutomationRule | null }) {
  const { t } = useTranslation(ALL_NS);
  const create = useCreateRule();
  const update = useUpdateRule();
  const mutation = rule ? update : create;
  const close = closeResetting(onClose, create, update);
  return (
    <FormModal
      open={open}
      onClose={close}
      title={rule ? t('automations:form.editTitle') : t('automations:form.newTitle')}
      description={t('automations:form.description')}
      size="lg"
      testId="rule-form-modal"
      formId={FORM_ID}
      busy={mutation.isPending}
      cancelLabel={t('common:actions.cancel')}
      submitLabel={t('automations:form.save')}
      busyLabel={t('automations:form.saving')}
      submitTestId="rule-form-submit"
    >
      <RuleForm key={rule?._id ?? 'new'} rule={rule} create={create} update={update} onDone={close} />
    </FormModal>
  );
}

function RuleForm({
  rule,
  create,
  update,
  onDone,
}: {
  rule: AutomationRule | null;
  create: ReturnType<typeof useCreateRule>;
  update: ReturnType<typeof useUpdateRule>;
  onDone: () => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const toast = useToast();
  const mutation = rule ? update : create;
  const admin = user.role === 'admin';
  const form = useContractForm<Values, typeof AutomationBody>(AutomationBody, {
    defaultValues: valuesOf(rule, admin && user.locations.length === 1 ? [user.locations[0]!._id] : []),
    toBody: (v): AutomationBodyInput => {
      const type = v.trigger.type;
      return {
        name: v.name,
        trigger: (hasDays(type)
          ? { type, days: num(v.trigger.days) }
          : hasHours(type)
            ? { type, hours: num(v.trigger.hours) }
            : { type }) as AutomationBodyInput['trigger'],
        wait: v.wait.unit === '' ? null : ({ unit: v.wait.unit, amount: num(v.wait.amount) } as AutomationBodyInput['wait']),
        conditions: { planIds: isLeadTrigger(type) ? [] : v.conditions.planIds, stillTrue: v.conditions.stillTrue },
        locationIds: v.locationIds,
        actions: v.actions.map((a) =>
          a.type === 'send_message'
            ? { type: a.type, message: a.message as AutomationMessage }
            : a.type === 'send_template'
              ? { type: a.type, templateId: a.templateId }
              : a.type === 'create_follow_up'
                ? ({ type: a.type, kind: a.kind, dueInHours: num(a.dueInHours), note: a.note } as AutomationBodyInput['actions'][number])
                : { type: a.type },
        ),
        status: rule ? rule.status : v.active ? 'active' : 'paused',
      };
    },
    check: (v) => {
      const out: Record<string, string> = {};
      if (admin && v.locationIds.length === 0) out.locationIds = i18nRef('automations:form.locationsRequired');
      const seen = new Set<string>();
      v.actions.forEach((a, i) => {
        const key = actionKey(a);
        if (a.type === 'send_template' && a.templateId === '') return;
        if (seen.has(key)) out[`actions.${i}.type`] = i18nRef('automations:form.duplicateAction');
        seen.add(key);
      });
      return out;
    },
  });
  const { attempts, failed } = useFormFailure(form);
  const onSubmit = (body: AutomationBodyInput) => {
    const done = (saved: AutomationRule) => {
      toast.success(t(rule ? 'automations:form.saved' : 'automations:form.created', { name: ruleName(t, saved) }));
      onDone();
    };
    if (rule) update.mutate({ id: rule._id, body }, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  };
  return (
    <Form id={FORM_ID} form={form} onSubmit={onSubmit} busy={mutation.isPending} className="auto-form" testId="rule-form">
      <FormError error={mutation.error} attempts={attempts} fallback={t('automations:form.failed')} testId="rule-form-error" />
      <TextField name="name" label={t('automations:form.name')} required maxLength={100} autoComplete="off" data-autofocus testId="rule-name" />
      <WhenSection builtin={Boolean(rule?.builtin)} />
      <OnlySection />
      <ThenSection />
      {rule ? null : (
        <label className="auto-check">
          <input type="checkbox" {...form.register('active')} data-testid="rule-active" />
          <span>{t('automations:form.startOn')}</span>
        </label>
      )}
    </Form>
  );
}

function WhenSection({ builtin }: { builtin: boolean }) {
  const { t } = useTranslation(ALL_NS);
  const { control } = useFormContext<Values>();
  const type = useWatch({ control, name: 'trigger.type' });
  const unit = useWatch({ control, name: 'wait.unit' });
  const waitError = useLeafMessage('wait', t('automations:form.wait'));
  return (
    <fieldset className="auto-section">
      <legend className="auto-section__title">{t('automations:form.whenSection')}</legend>
      <div className="form__grid">
        {builtin ? (
          <div className="field">
            <span className="field__label">{t('automations:form.trigger')}</span>
            <p className="auto-readonly" data-testid="rule-trigger-fixed">
              {t(`automations:triggerOption.${type}`)}
            </p>
            <p className="field__hint">{t('automations:form.builtinTrigger')}</p>
          </div>
        ) : (
          <SelectField
            name="trigger.type"
            label={t('automations:form.trigger')}
            required
            options={AutomationTriggerType.options.map((v) => ({ value: v, label: t(`automations:triggerOption.${v}`) }))}
            testId="rule-trigger"
          />
        )}
        {hasDays(type) ? (
          <TextField
            name="trigger.days"
            label={t('automations:form.days')}
            hint={t(`automations:form.daysHint.${type}`)}
            required
            inputMode="numeric"
            autoComplete="off"
            testId="rule-days"
          />
        ) : null}
        {hasHours(type) ? (
          <TextField
            name="trigger.hours"
            label={t('automations:form.hours')}
            hint={t('automations:form.hoursHint')}
            required
            inputMode="numeric"
            autoComplete="off"
            testId="rule-hours"
          />
        ) : null}
        <SelectField
          name="wait.unit"
          label={t('automations:form.wait')}
          options={[
            { value: '', label: t('automations:form.waitNone') },
            { value: 'hours', label: t('automations:form.waitHours') },
            { value: 'days', label: t('automations:form.waitDays') },
          ]}
          testId="rule-wait-unit"
        />
        {unit ? (
          <TextField
            name="wait.amount"
            label={t('automations:form.waitAmount')}
            hint={t('automations:form.waitHint')}
            required
            inputMode="numeric"
            autoComplete="off"
            testId="rule-wait-amount"
          />
        ) : null}
      </div>
      {waitError ? (
        <p className="field__error" role="alert" data-testid="wait-error">
          {waitError}
        </p>
      ) : null}
    </fieldset>
  );
}

function OnlySection() {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const { control, register } = useFormContext<Values>();
  const type = useWatch({ control, name: 'trigger.type' });
  const admin = user.role === 'admin';
  return (
    <fieldset className="auto-section">
      <legend className="auto-section__title">{t('automations:form.onlySection')}</legend>
      {user.locations.length > 1 || admin ? (
        <CheckboxGroup
          name="locationIds"
          label={t('automations:form.locations')}
          hint={admin ? t('automations:form.locationsAdminHint') : t('automations:form.locationsHint')}
          options={user.locations.map((l) => ({ value: l._id, label: l.name }))}
          testId="rule-locations"
        />
      ) : null}
      {isLeadTrigger(type) ? null : (
        <CheckboxGroup
          name="conditions.planIds"
          label={t('automations:form.plans')}
          hint={t('automations:form.plansHint')}
          options={PLAN_IDS.map((p) => ({ value: p, label: planName(t, p) }))}
          testId="rule-plans"
        />
      )}
      <label className="auto-check">
        <input type="checkbox" {...register('conditions.stillTrue')} data-testid="rule-still-true" />
        <span>{t('automations:form.stillTrue')}</span>
      </label>
    </fieldset>
  );
}

function ThenSection() {
  const { t } = useTranslation(ALL_NS);
  const { control, getValues, setValue } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'actions' });
  const type = useWatch({ control, name: 'trigger.type' });
  const actions = useWatch({ control, name: 'actions' });
  const lead = isLeadTrigger(type);
  const wantsTemplates = actions.some((a) => a.type === 'send_template');
  const templates = useTemplates(wantsTemplates);

  // A trigger changed under the actions: a built-in text follows it (or, for an enquiry, gives way to telling staff);
  // a follow-up is a lead's, so on a member's trigger it gives way to telling staff too.
  useEffect(() => {
    const fitting = messagesFor(type);
    getValues('actions').forEach((a, i) => {
      if (a.type === 'create_follow_up' && !lead) setValue(`actions.${i}.type`, 'notify_staff');
      if (a.type !== 'send_message') return;
      if (lead || fitting.length === 0) setValue(`actions.${i}.type`, 'notify_staff');
      else if (!fitting.includes(a.message as AutomationMessage)) setValue(`actions.${i}.message`, fitting[0]!);
    });
  }, [type, lead, getValues, setValue]);

  const typeOptions = (['send_message', 'send_template', 'notify_staff', 'create_follow_up'] as const)
    .filter((v) => (lead ? v !== 'send_message' : v !== 'create_follow_up'))
    .map((v) => ({ value: v, label: t(`automations:form.actionType.${v}`) }));

  return (
    <fieldset className="auto-section">
      <legend className="auto-section__title">{t('automations:form.doSection')}</legend>
      {lead ? <p className="field__hint">{t('automations:form.leadNote')}</p> : null}
      <ol className="auto-actions" data-testid="rule-actions">
        {fields.map((f, i) => {
          const action = actions[i];
          return (
            <li key={f.id} className="auto-action" data-testid={`rule-action-${i}`}>
              <div className="form__grid">
                <SelectField
                  name={`actions.${i}.type`}
                  label={t('automations:form.action', { n: i + 1 })}
                  options={typeOptions}
                  onChangeCapture={(e) => {
                    const next = (e.target as HTMLSelectElement).value as ActionType;
                    if (next === 'send_message' && !messagesFor(type).includes(getValues(`actions.${i}.message`) as AutomationMessage))
                      setValue(`actions.${i}.message`, messagesFor(type)[0] ?? '');
                  }}
                  testId={`rule-action-${i}-type`}
                />
                {action?.type === 'send_message' ? (
                  <SelectField
                    name={`actions.${i}.message`}
                    label={t('automations:form.message')}
                    hint={t('automations:form.messageHint')}
                    options={messagesFor(type).map((m) => ({ value: m, label: t(`automations:message.${m}`) }))}
                    testId={`rule-action-${i}-message`}
                  />
                ) : null}
                {action?.type === 'send_template' ? <TemplateChoice index={i} query={templates} /> : null}
                {action?.type === 'notify_staff' ? <p className="field field__hint auto-action__note">{t('automations:form.staffHint')}</p> : null}
                {action?.type === 'create_follow_up' ? <FollowUpFields index={i} /> : null}
              </div>
              {fields.length > 1 ? (
                <button
                  type="button"
                  className="btn btn--link auto-danger auto-action__remove"
                  onClick={() => remove(i)}
                  data-testid={`rule-action-${i}-remove`}
                >
                  {t('automations:form.removeAction', { n: i + 1 })}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {fields.length < MAX_ACTIONS ? (
        <button
          type="button"
          className="btn btn--secondary btn--sm auto-add"
          onClick={() => append({ ...BLANK_ACTION, type: 'notify_staff', message: messagesFor(type)[0] ?? '' })}
          data-testid="rule-add-action"
        >
          {t('automations:form.addAction')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A follow-up's kind, when it is due after the action (hours) and the note for the lead's owner. */
function FollowUpFields({ index }: { index: number }) {
  const { t } = useTranslation(ALL_NS);
  return (
    <>
      <SelectField
        name={`actions.${index}.kind`}
        label={t('automations:form.followUpKind')}
        hint={t('automations:form.followUpHint')}
        options={FOLLOW_UP_KINDS.map((k) => ({ value: k, label: t(`automations:form.followUpKindOption.${k}`) }))}
        testId={`rule-action-${index}-kind`}
      />
      <TextField
        name={`actions.${index}.dueInHours`}
        label={t('automations:form.followUpDue')}
        hint={t('automations:form.followUpDueHint')}
        required
        inputMode="numeric"
        autoComplete="off"
        testId={`rule-action-${index}-due`}
      />
      <TextField
        name={`actions.${index}.note`}
        label={t('automations:form.followUpNote')}
        maxLength={200}
        autoComplete="off"
        testId={`rule-action-${index}-note`}
      />
    </>
  );
}

function TemplateChoice({ index, query }: { index: number; query: ReturnType<typeof useTemplates> }) {
  const { t } = useTranslation(ALL_NS);
  const chosen = useWatch<Values, `actions.${number}.templateId`>({ name: `actions.${index}.templateId` });
  if (query.isPending)
    return (
      <p className="field" role="status">
        {t('automations:form.templatesLoading')}
      </p>
    );
  if (query.isError)
    return (
      <div className="field">
        <Alert tone="warning" testId="templates-error">
          {t('automations:form.templatesError')}{' '}
          <button type="button" className="btn btn--link" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('common:actions.retry')}
          </button>
        </Alert>
      </div>
    );
  // Archived templates cannot be chosen; one the rule already sends stays visible (the server refuses it on save).
  const usable = query.data.filter((x) => x.archivedAt === null || x.id === chosen);
  if (usable.length === 0)
    return (
      <p className="field field__hint" data-testid="templates-none">
        {t('automations:form.noTemplates')}
      </p>
    );
  return (
    <SelectField
      name={`actions.${index}.templateId`}
      label={t('automations:form.template')}
      hint={t('automations:form.templateHint')}
      required
      options={[{ value: '', label: t('automations:form.chooseTemplate') }, ...usable.map((x) => ({ value: x.id, label: templateLabel(t, x) }))]}
      testId={`rule-action-${index}-template`}
    />
  );
}

type Tr = ReturnType<typeof useTranslation<typeof ALL_NS>>['t'];
const templateLabel = (t: Tr, x: MessageTemplate): string => {
  const label = t('automations:form.templateOption', {
    name: x.name,
    channel: t(`automations:channel.${x.channel}`),
    category: t(`automations:category.${x.category}`),
  });
  const approved = x.channel !== 'whatsapp' || Object.values(x.whatsappStatus).includes('approved');
  return approved ? label : t('automations:form.templatePending', { label });
};

/** A field's own error, not one of the fields under it (the wait's range sits on `wait`, its amount's on `wait.amount`). */
function useLeafMessage(name: string, label: string): string | null {
  const { t, i18n } = useTranslation(ALL_NS);
  const { errors } = useFormState({ name: name as never });
  const error = get(errors, name) as { type?: unknown; message?: string } | undefined;
  if (!error || typeof error.type !== 'string') return null;
  return fieldMessageText({ type: error.type, message: error.message }, { name, label }, t as unknown as Translate, i18n.language, (k) => i18n.exists(k));
}

/** Ticks from a list, kept as an array of values (none ticked: the empty list). */
function CheckboxGroup({
  name,
  label,
  hint,
  options,
  testId,
}: {
  name: 'locationIds' | 'conditions.planIds';
  label: string;
  hint: string;
  options: { value: string; label: string }[];
  testId: string;
}) {
  const id = useId();
  const { field } = useController<Values, typeof name>({ name });
  const error = useLeafMessage(name, label);
  const value = field.value ?? [];
  const toggle = (v: string, on: boolean) => field.onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <fieldset
      className={`auto-choices field${error ? ' field--invalid' : ''}`}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      data-testid={testId}
    >
      <legend className="field__label">{label}</legend>
      <div className="auto-choices__options">
        {options.map((o) => (
          <label key={o.value} className="auto-check">
            <input type="checkbox" checked={value.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} onBlur={field.onBlur} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
