/**
 * FormModal — a Modal whose footer is Cancel + the submit button of the form
 * inside it (linked by `formId`); the submit button is disabled and shows
 * `busyLabel` while saving. Labels come from the caller's namespace.
 *
 * Usage:
 *   <FormModal open={crud.formOpen} title={…} onClose={crud.close} testId="client-form-modal"
 *     formId="client-form" busy={crud.busy} submitLabel={crud.editing ? t('save') : t('create')}
 *     busyLabel={t('saving')} cancelLabel={t('cancel')}>
 *     <form id="client-form" onSubmit={save} noValidate>…</form>
 *   </FormModal>
 */
import { Modal, type ModalProps } from './modal';

export interface FormModalProps extends Omit<ModalProps, 'footer'> {
  formId: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  cancelLabel: string;
}

export function FormModal({ formId, busy, submitLabel, busyLabel, cancelLabel, ...modal }: FormModalProps) {
  return (
    <Modal
      {...modal}
      footer={
        <>
          <button type="button" className="btn" onClick={modal.onClose}>{cancelLabel}</button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    />
  );
}
