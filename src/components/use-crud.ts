/**
 * useCrud — the state machine shared by the admin list pages (admin.md §4–§5):
 * which modal is open (create / edit / details / delete), the dismissible
 * error banner text, the busy flag of the form or confirmation, and what
 * happens after a successful change (close, clear errors, invalidate the
 * cached queries the write changed: the lists on screen refetch).
 *
 * Usage:
 *   const crud = useCrud<AdminClient>({
 *     clearErrors: clients.clearError,
 *     messages: { create: t('errors.create'), update: t('errors.update'), delete: t('errors.delete'), details: t('errors.details') },
 *   });
 *   crud.open({ kind: 'edit', item });                          // or crud.close()
 *   crud.save((item) => (item ? update(item) : create()), form.setServerErrors);   // item = null when creating
 *   crud.remove((item) => deleteClient(item.client_id));
 *   crud.showDetails(() => getClient(id));
 * and the props to spread into the page's parts:
 *   <ErrorBanner {...crud.banner(clients)} />                 // crud's error first, then the load errors
 *   rowActions={(c) => crud.rowActions(c, { view: t('view'), edit: t('edit'), delete: t('delete') }, () => getClient(c.client_id))}
 *   <FormModal {...crud.formModal} …>   <ConfirmDialog {...crud.confirm((c) => deleteClient(c.client_id))} …>
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfterAdminWrite } from '../api/query-keys';
import type { RowAction } from './table';
import { withReason, type TableData } from './table-data';

export type CrudMode<T> = { kind: 'create' } | { kind: 'edit' | 'details' | 'delete'; item: T } | null;

export interface CrudMessages {
  create: string;
  update: string;
  delete: string;
  details?: string;
}

export interface CrudOptions<T> {
  /** Clears the load errors of the page's data hooks after a successful change. */
  clearErrors?: () => void;
  /** Called before a mode is shown, e.g. to reset the form to the item's values. */
  onOpen?: (mode: CrudMode<T>) => void;
  /** Banner prefixes; the server's reason is appended (withReason). */
  messages: CrudMessages;
}

export interface Crud<T> {
  mode: CrudMode<T>;
  /** The create/edit form modal is open. */
  formOpen: boolean;
  editing: boolean;
  error: string | null;
  setError: (message: string | null) => void;
  busy: boolean;
  open: (mode: CrudMode<T>) => void;
  close: () => void;
  /** Runs a create (item = null) or an update (item = the edited one) while the form is open. */
  save: (op: (item: T | null) => Promise<unknown>, setServerErrors?: (error: unknown) => unknown) => Promise<void>;
  /** Runs the delete of the item awaiting confirmation. */
  remove: (op: (item: T) => Promise<unknown>) => Promise<void>;
  /** Loads the full item and opens the details modal; a failure goes to the banner. */
  showDetails: (load: () => Promise<T>) => Promise<void>;
  /** ErrorBanner props: this page's error, else the first load error; dismiss clears them all. */
  banner: (...sources: Pick<TableData<unknown>, 'error' | 'clearError'>[]) => { message: string | null; onDismiss: () => void };
  /** View (when `loadDetails` is given), Edit, Delete. */
  rowActions: (item: T, labels: { view?: string; edit: string; delete: string }, loadDetails?: () => Promise<T>) => RowAction[];
  /** FormModal props. */
  formModal: { open: boolean; onClose: () => void; busy: boolean };
  /** ConfirmDialog props for deleting the item awaiting confirmation with `op`. */
  confirm: (op: (item: T) => Promise<unknown>) => { open: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void };
}

export function useCrud<T>({ clearErrors, onOpen, messages }: CrudOptions<T>): Crud<T> {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<CrudMode<T>>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (m: CrudMode<T>) => {
    onOpen?.(m);
    setMode(m);
  };

  // After a successful change: close, clear every error, and mark what an admin write can change
  // as stale (every admin list, the grower lists): the lists on screen refetch, the others on their next visit.
  const done = async () => {
    setMode(null);
    setError(null);
    clearErrors?.();
    await invalidateAfterAdminWrite(queryClient);
  };

  const save: Crud<T>['save'] = async (op, setServerErrors) => {
    if (mode?.kind !== 'create' && mode?.kind !== 'edit') return;
    setBusy(true);
    try {
      await op(mode.kind === 'edit' ? mode.item : null);
      await done();
    } catch (err) {
      setServerErrors?.(err);
      setError(withReason(mode.kind === 'create' ? messages.create : messages.update, err));
    } finally {
      setBusy(false);
    }
  };

  const remove: Crud<T>['remove'] = async (op) => {
    if (mode?.kind !== 'delete') return;
    setBusy(true);
    try {
      await op(mode.item);
      await done();
    } catch (err) {
      setMode(null);
      setError(withReason(messages.delete, err));
    } finally {
      setBusy(false);
    }
  };

  const showDetails: Crud<T>['showDetails'] = async (load) => {
    try {
      open({ kind: 'details', item: await load() });
    } catch (e) {
      setError(withReason(messages.details ?? '', e));
    }
  };

  const close = () => setMode(null);
  const formOpen = mode?.kind === 'create' || mode?.kind === 'edit';
  return {
    mode,
    formOpen,
    editing: mode?.kind === 'edit',
    error,
    setError,
    busy,
    open,
    close,
    save,
    remove,
    showDetails,
    banner: (...sources) => ({
      message: sources.reduce<string | null>((m, s) => m ?? s.error, error),
      onDismiss: () => {
        setError(null);
        for (const s of sources) s.clearError();
      },
    }),
    rowActions: (item, labels, loadDetails) => [
      ...(loadDetails ? [{ label: labels.view ?? '', onClick: () => void showDetails(loadDetails) }] : []),
      { label: labels.edit, onClick: () => open({ kind: 'edit', item }) },
      { label: labels.delete, onClick: () => open({ kind: 'delete', item }), danger: true },
    ],
    formModal: { open: formOpen, onClose: close, busy },
    confirm: (op) => ({ open: mode?.kind === 'delete', busy, onConfirm: () => void remove(op), onCancel: close }),
  };
}
