/**
 * ConfirmDialog — the delete confirmation (admin.md §5 "Deletion"), on Modal as an
 * alertdialog described by its message.
 *
 * Usage:
 *   <ConfirmDialog open={!!toDelete} title={t('deleteProject')}
 *     message={t('confirmDelete', { name: toDelete?.name })}
 *     note={t('cannotBeUndone')}            // projects: "This action cannot be undone."
 *     busy={deleting} onConfirm={doDelete} onCancel={() => setToDelete(null)} />
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  note?: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  const messageId = useId();
  return (
    <Modal
      open={p.open}
      title={p.title}
      onClose={p.onCancel}
      testId="confirm-dialog"
      role="alertdialog"
      describedBy={messageId}
      footer={
        <>
          <button type="button" className="btn" onClick={p.onCancel} disabled={p.busy}>
            {t('ui.cancel')}
          </button>
          <button type="button" className="btn btn--danger" onClick={p.onConfirm} disabled={p.busy} data-testid="confirm-ok">
            {p.busy ? t('ui.deleting') : (p.confirmLabel ?? t('ui.delete'))}
          </button>
        </>
      }
    >
      <p className="confirm__message" id={messageId}>
        {p.message}
      </p>
      {p.note && (
        <p className="confirm__note">
          <strong>{p.note}</strong>
        </p>
      )}
    </Modal>
  );
}
