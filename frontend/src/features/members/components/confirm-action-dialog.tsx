import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { useErrorText } from '../../../lib/use-error-text';
import { ALL_NS } from '../../../locales/resources';

/**
 * "Are you sure?" for a change to a member (archive, cancel, freeze, …): says what will happen, runs the call on
 * Confirm, and shows the server's refusal in place.
 */
export function ConfirmActionDialog<T>({
  open,
  onClose,
  title,
  message,
  confirmLabel,
  busyLabel,
  failed,
  danger = false,
  action,
  run,
  onDone,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  busyLabel: string;
  /** The fallback when the server says nothing readable. */
  failed: string;
  danger?: boolean;
  action: UseMutationResult<T, Error, string>;
  /** The member's id, passed to the call. */
  run: string;
  onDone: (result: T) => void;
  testId: string;
}) {
  const { t } = useTranslation(ALL_NS);
  const { describe } = useErrorText();
  const [attempts, setAttempts] = useState(0);
  const close = () => {
    action.reset();
    onClose();
  };
  const confirm = () => {
    if (action.isPending) return;
    action.mutate(run, {
      onSuccess: (result) => {
        action.reset();
        onDone(result);
      },
      onError: () => setAttempts((n) => n + 1),
    });
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      size="sm"
      testId={testId}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={close} data-autofocus>
            {t('members:common.cancel')}
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`}
            onClick={confirm}
            disabled={action.isPending}
            data-testid={`${testId}-confirm`}
          >
            {action.isPending ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
      {action.isError ? (
        <Alert tone="error" shake={attempts} testId={`${testId}-error`}>
          {describe(action.error, { fallback: failed })}
        </Alert>
      ) : null}
    </Modal>
  );
}
