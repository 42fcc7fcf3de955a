import type { ComponentProps, ReactNode } from 'react';
import { Modal } from '../modal';

/**
 * A modal around one form (`formId`): Cancel and the form's submit button in its footer; while the form is being sent
 * (`busy`) the submit button is disabled and says `busyLabel`. The form itself is the child, rendered only while open.
 */
export function FormModal({
  formId,
  busy,
  submitDisabled,
  cancelLabel,
  submitLabel,
  busyLabel,
  submitClassName,
  submitTestId,
  children,
  ...modal
}: Omit<ComponentProps<typeof Modal>, 'footer' | 'children'> & {
  formId: string;
  busy: boolean;
  /** Disabled for another reason than being sent (nothing to choose from yet). */
  submitDisabled?: boolean;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  /** Extra class of the submit button (e.g. a destructive action's colour). */
  submitClassName?: string;
  submitTestId?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      {...modal}
      footer={
        <>
          <button type="button" className="btn btn--secondary" onClick={modal.onClose}>
            {cancelLabel}
          </button>
          <button
            type="submit"
            form={formId}
            className={`btn btn--primary${submitClassName ? ` ${submitClassName}` : ''}`}
            disabled={busy || submitDisabled}
            data-testid={submitTestId}
          >
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      {modal.open ? children : null}
    </Modal>
  );
}

/** A form modal's close: its mutations reset (opened again, it shows no error of the last send), then `onClose`. */
export const closeResetting =
  (onClose: () => void, ...mutations: { reset: () => void }[]) =>
  (): void => {
    for (const m of mutations) m.reset();
    onClose();
  };
