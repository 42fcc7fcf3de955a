import {
  LEAD_TRIGGERS,
  type AutomationAction,
  type AutomationRule,
  type AutomationTrigger,
  type AutomationTriggerType,
  type AutomationWait,
  type MessageTemplate,
} from '@akhada/contracts';
import type { TFunction } from 'i18next';
import type { ALL_NS } from '../../../locales/resources';

/*
 * A rule in words, for the list and the run log: what starts it, the wait, whom it is limited to, what it does.
 */
type T = TFunction<typeof ALL_NS>;

/** The triggers counted in days (the others happen on a day of their own). */
export const DAY_TRIGGERS = ['membership_expiring', 'payment_overdue', 'no_visit'] as const satisfies readonly AutomationTriggerType[];
export type DayTrigger = (typeof DAY_TRIGGERS)[number];
export const hasDays = (type: string): type is DayTrigger => (DAY_TRIGGERS as readonly string[]).includes(type);
/** The triggers counted in hours after a due time. */
export const HOUR_TRIGGERS = ['follow_up_overdue'] as const satisfies readonly AutomationTriggerType[];
export const hasHours = (type: string): type is (typeof HOUR_TRIGGERS)[number] => (HOUR_TRIGGERS as readonly string[]).includes(type);
export const isLeadTrigger = (type: string) => (LEAD_TRIGGERS as readonly string[]).includes(type);

/** The names the server gives its built-in rules (domain/automations.ts): shown translated while the owner keeps them. */
const BUILTIN_DEFAULT_NAMES: Record<NonNullable<AutomationRule['builtin']>, string> = {
  renewal_7d: 'Renewal reminder, 7 days before',
  renewal_1d: 'Renewal reminder, 1 day before',
  overdue_1d: 'Overdue reminder, 1 day after',
  overdue_3d: 'Overdue reminder, 3 days after',
  overdue_7d: 'Overdue reminder, 7 days after',
  welcome: 'Welcome message',
  birthday: 'Birthday greeting',
};

/** A rule's name: a built-in one in the UI language unless the owner renamed it. */
export const ruleName = (t: T, rule: Pick<AutomationRule, 'name' | 'builtin'>): string =>
  rule.builtin && rule.name === BUILTIN_DEFAULT_NAMES[rule.builtin] ? t(`automations:builtinName.${rule.builtin}`) : rule.name;

export function triggerText(t: T, trigger: AutomationTrigger): string {
  if ('days' in trigger) return t(`automations:trigger.${trigger.type}`, { count: trigger.days });
  if ('hours' in trigger) return t(`automations:trigger.${trigger.type}`, { count: trigger.hours });
  return t(`automations:trigger.${trigger.type}`);
}

export function waitText(t: T, wait: AutomationWait | null): string {
  return wait ? t(`automations:wait.${wait.unit}`, { count: wait.amount }) : t('automations:wait.none');
}

export function actionText(t: T, action: AutomationAction, templates: readonly MessageTemplate[] | undefined): string {
  switch (action.type) {
    case 'send_message':
      return t('automations:action.send_message', { message: t(`automations:message.${action.message}`) });
    case 'send_template': {
      if (!templates) return t('automations:form.actionType.send_template');
      const template = templates?.find((x) => x.id === action.templateId);
      return template
        ? t('automations:action.send_template', { name: template.name, channel: t(`automations:channel.${template.channel}`) })
        : t('automations:action.send_template_unknown');
    }
    case 'notify_staff':
      return t('automations:action.notify_staff');
    case 'create_follow_up':
      return t('automations:action.create_follow_up', { kind: t(`automations:followUpKind.${action.kind}`), hours: action.dueInHours });
  }
}

/** "Akhada Pune · Premium, VIP plan · if still true"; locations by name (unknown ones left out). */
export function scopeText(
  t: T,
  rule: Pick<AutomationRule, 'locationIds' | 'conditions' | 'trigger'>,
  locations: readonly { _id: string; name: string }[],
): string {
  const parts: string[] = [];
  const names = rule.locationIds.map((id) => locations.find((l) => l._id === id)?.name).filter((n): n is string => Boolean(n));
  parts.push(rule.locationIds.length === 0 ? t('automations:allLocations') : names.join(', '));
  if (!isLeadTrigger(rule.trigger.type)) {
    parts.push(
      rule.conditions.planIds.length === 0
        ? t('automations:anyPlan')
        : t('automations:planList', { plans: rule.conditions.planIds.map((p) => planName(t, p)).join(', ') }),
    );
  }
  if (rule.conditions.stillTrue) parts.push(t('automations:stillTrue'));
  return parts.filter(Boolean).join(' · ');
}

const PLANS = ['basic', 'premium', 'vip', 'annual'] as const;
/** A plan id is members' membership type; an id the screen does not know is shown as it is. */
export const planName = (t: T, id: string): string => ((PLANS as readonly string[]).includes(id) ? t(`automations:plan.${id as (typeof PLANS)[number]}`) : id);
export const PLAN_IDS = PLANS;
