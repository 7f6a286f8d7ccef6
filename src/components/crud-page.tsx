/**
 * The parts of an admin list page around useCrud (use-crud.ts).
 *
 * CrudHead — the page title with an optional primary "add" button and any
 * other head controls:
 *   <CrudHead title={t('title')} addLabel={t('add')} onAdd={() => crud.open({ kind: 'create' })} />
 *
 * FormModal — a Modal whose footer is Cancel + the submit button of the form
 * inside it (linked by `formId`); the submit button is disabled and shows
 * `busyLabel` while saving. Labels come from the caller's namespace.
 *
 * Usage:
 *   <FormModal {...crud.formModal} title={…} testId="client-form-modal"
 *     formId="client-form" submitLabel={crud.editing ? t('save') : t('create')}
 *     busyLabel={t('saving')} cancelLabel={t('cancel')}>
 *     <form id="client-form" onSubmit={save} noValidate>…</form>
 *   </FormModal>
 */
import { Modal, type ModalProps } from './modal';

export interface CrudHeadProps {
  title: string;
  addLabel?: string;
  onAdd?: () => void;
  children?: React.ReactNode;
}

export function CrudHead({ title, addLabel, onAdd, children }: CrudHeadProps) {
  return (
    <div className="admin-page-head">
      <h2>{title}</h2>
      {onAdd && (
        <button type="button" className="btn btn--primary" onClick={onAdd}>
          {addLabel}
        </button>
      )}
      {children}
    </div>
  );
}

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
          <button type="button" className="btn" onClick={modal.onClose}>
            {cancelLabel}
          </button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </>
      }
    />
  );
}
