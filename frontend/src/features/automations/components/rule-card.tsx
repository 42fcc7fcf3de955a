import type { AutomationRule, MessageTemplate } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useToast } from '../../../components/toast';
import { useUser } from '../../../lib/auth/session';
import { useErrorText } from '../../../lib/use-error-text';
import { useRelativeTime } from '../../../lib/use-relative-time';
import { ALL_NS } from '../../../locales/resources';
import { usePauseRule, useResumeRule } from '../api/automations-api';
import { canChange } from '../lib/can-change';
import { actionText, ruleName, scopeText, triggerText, waitText } from '../lib/rule-text';

/**
 * One rule of the list: its name (built-in marked), an on/off switch, what starts it and what it does in words, its
 * last run and counts, and Edit / Run log / Delete (built-ins are never deleted; an admin changes only their locations' rules).
 */
export function RuleCard({
  rule,
  templates,
  onEdit,
  onDelete,
}: {
  rule: AutomationRule;
  templates: readonly MessageTemplate[] | undefined;
  onEdit: (rule: AutomationRule) => void;
  onDelete: (rule: AutomationRule) => void;
}) {
  const { t } = useTranslation(ALL_NS);
  const user = useUser();
  const toast = useToast();
  const { describe } = useErrorText();
  const relative = useRelativeTime();
  const pause = usePauseRule();
  const resume = useResumeRule();
  const name = ruleName(t, rule);
  const active = rule.status === 'active';
  const changeable = canChange(user, rule);
  const busy = pause.isPending || resume.isPending;
  const headingId = `rule-${rule._id}-name`;

  const toggle = () => {
    const mutation = active ? pause : resume;
    mutation.mutate(rule._id, {
      onSuccess: () => toast.success(t(active ? 'automations:pausedToast' : 'automations:resumedToast', { name })),
      onError: (err) => toast.error(describe(err, { fallback: t('automations:toggleFailed') })),
    });
  };

  return (
    <article className={`card auto-rule${active ? '' : ' auto-rule--paused'}`} aria-labelledby={headingId} data-testid={`rule-${rule._id}`}>
      <div className="auto-rule__head">
        <div className="auto-rule__title">
          <h2 className="auto-rule__name" id={headingId}>
            {name}
          </h2>
          {rule.builtin ? <span className="badge badge--info">{t('automations:builtin')}</span> : null}
        </div>
        <label className="auto-switch">
          <input
            type="checkbox"
            role="switch"
            checked={active}
            disabled={!changeable || busy}
            onChange={toggle}
            aria-label={t('automations:toggleLabel', { name })}
            data-testid="rule-toggle"
          />
          <span className="auto-switch__track" aria-hidden="true" />
          <span className="auto-switch__text" aria-hidden="true">
            {t(`automations:status.${rule.status}`)}
          </span>
        </label>
      </div>
      <dl className="auto-rule__facts">
        <dt>{t('automations:when')}</dt>
        <dd data-testid="rule-when">
          {triggerText(t, rule.trigger)} · {waitText(t, rule.wait)}
        </dd>
        <dt>{t('automations:only')}</dt>
        <dd data-testid="rule-only">{scopeText(t, rule, user.locations)}</dd>
        <dt>{t('automations:do')}</dt>
        <dd data-testid="rule-do">{rule.actions.map((a) => actionText(t, a, templates)).join(' · ')}</dd>
      </dl>
      <p className="auto-rule__stats" data-testid="rule-stats">
        <span>{rule.stats.lastRunAt ? t('automations:lastRun', { when: relative(rule.stats.lastRunAt) }) : t('automations:neverRun')}</span>
        <span>{t('automations:stats', { done: rule.stats.done, skipped: rule.stats.skipped, waiting: rule.stats.waiting })}</span>
      </p>
      {changeable ? null : <p className="auto-muted">{t('automations:ownerOnly')}</p>}
      <div className="auto-rule__actions">
        <Link
          to={`/dashboard/automations/${rule._id}`}
          className="btn btn--secondary btn--sm"
          aria-label={t('automations:runLogLabel', { name })}
          data-testid="rule-runs"
        >
          {t('automations:runLog')}
        </Link>
        {changeable ? (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => onEdit(rule)}
            aria-label={t('automations:editLabel', { name })}
            data-testid="rule-edit"
          >
            {t('automations:edit')}
          </button>
        ) : null}
        {changeable && !rule.builtin ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm auto-danger"
            onClick={() => onDelete(rule)}
            aria-label={t('automations:deleteLabel', { name })}
            data-testid="rule-delete"
          >
            {t('automations:delete')}
          </button>
        ) : null}
      </div>
    </article>
  );
}
