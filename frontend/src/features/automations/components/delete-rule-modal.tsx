import type { AutomationRule } from '@akhada/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';
import { useDeleteRule } from '../api/automations-api';
import { ruleName } from '../lib/rule-text';

/** "Delete this rule?" for an owner-made rule: it stops at once, runs still waiting are skipped, its log stays. */
export function DeleteRuleModal({ rule, onClose }: { rule: AutomationRule | null; onClose: () => void }) {
  const { t } = useTranslation(ALL_NS);
  const toast = useToast();
  const { describe } = useErrorText();
  const remove = useDeleteRule();
  const name = rule ? ruleName(t, rule) : '';
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      open={rule !== null}
      onClose={close}
      size="sm"
      title={t('automations:deleteTitle')}
      description={t('automations:deleteDescription', { name })}
      testId="delete-rule-modal"
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close} data-autofocus>
            {t('automations:keep')}
          </button>
          <button
            type="button"
            className="btn btn--primary auto-danger-fill"
            disabled={remove.isPending}
            data-testid="delete-rule-confirm"
            onClick={() =>
              rule &&
              remove.mutate(rule._id, {
                onSuccess: () => {
                  toast.success(t('automations:deletedToast', { name }));
                  close();
                },
              })
            }
          >
            {remove.isPending ? t('automations:deleting') : t('automations:deleteConfirm')}
          </button>
        </>
      }
    >
      {remove.isError ? <Alert tone="error">{describe(remove.error, { fallback: t('automations:deleteFailed') })}</Alert> : null}
    </Modal>
  );
}
