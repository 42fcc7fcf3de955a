import type { AutomationRule } from '@akhada/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { ZapIcon } from '../../../components/icons/zap';
import { PageHeader } from '../../../components/page-header';
import { QueryView } from '../../../components/query-view';
import { useUser } from '../../../lib/auth/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ALL_NS } from '../../../locales/resources';
import { useRules, useTemplates } from '../api/automations-api';
import { DeleteRuleModal } from '../components/delete-rule-modal';
import { RuleCard } from '../components/rule-card';
import { RuleFormModal } from '../components/rule-form-modal';
import '../automations.css';

/**
 * /dashboard/automations (owners and admins): the gym's rules, built-in ones first — each with its on/off switch,
 * what starts it and what it does in words, its last run — with New rule, Edit, Delete and a link to its run log.
 */
export function AutomationsPage() {
  const { t } = useTranslation(ALL_NS);
  useDocumentTitle(t('automations:title'));
  const user = useUser();
  const rules = useRules();
  const usesTemplates = (rules.data ?? []).some((r) => r.actions.some((a) => a.type === 'send_template'));
  const templates = useTemplates(usesTemplates);
  const [editing, setEditing] = useState<{ rule: AutomationRule | null } | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const canCreate = user.role === 'owner' || (user.role === 'admin' && user.locations.length > 0);

  return (
    <div className="page auto-page">
      <PageHeader
        title={t('automations:title')}
        subtitle={t('automations:subtitle')}
        actions={
          canCreate ? (
            <button type="button" className="btn btn--primary" onClick={() => setEditing({ rule: null })} data-testid="new-rule">
              {t('automations:new')}
            </button>
          ) : null
        }
      />
      <QueryView query={rules} loading={t('automations:loading')} errorTitle={t('automations:loadError')}>
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <EmptyState icon={<ZapIcon size={28} />} title={t('automations:empty')} hint={t('automations:emptyHint')} />
            </div>
          ) : (
            <ul className="auto-rules" aria-label={t('automations:listLabel')} data-testid="rule-list">
              {list.map((rule) => (
                <li key={rule._id}>
                  <RuleCard rule={rule} templates={templates.data} onEdit={(r) => setEditing({ rule: r })} onDelete={setDeleting} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <RuleFormModal open={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
      <DeleteRuleModal rule={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
