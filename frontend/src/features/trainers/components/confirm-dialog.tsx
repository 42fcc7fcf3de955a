import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert';
import { Modal } from '../../../components/modal';
import { ALL_NS } from '../../../locales/resources';

/** "Are you sure?" before a change that cannot simply be undone (archive, refuse). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  testId?: string;
}) {
  const { t } = useTranslation(ALL_NS);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      testId={testId}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={onClose} data-autofocus>
            {t('trainers:archive.cancel')}
          </button>
          <button type="button" className="btn trainer-danger" onClick={onConfirm} disabled={busy} data-testid="confirm-button">
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <p className="modal__text">{text}</p>
      {error ? (
        <Alert tone="error" testId="confirm-error">
          {error}
        </Alert>
      ) : null}
    </Modal>
  );
}
