import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { deleteProject, getProject, listProjects, projectStatistics, type AdminProject } from '../../../api/admin-projects';
import { listUsers } from '../../../api/admin-users';
import { DataTable } from '../../../components/table';
import { Modal } from '../../../components/modal';
import { ConfirmDialog } from '../../../components/confirm';
import { ErrorBanner } from '../../../components/banner';
import { StatCard } from '../../../components/stat-card';
import { formatShortDate, useTableData, withReason } from '../../../components/table-data';
import { ProjectCreateForm } from './project-create-form';
import { ProjectEditForm } from './project-edit-form';
import { ProjectDetails } from './project-details';
import './projects.css';

type Mode = { kind: 'create' } | { kind: 'edit' | 'details' | 'delete'; project: AdminProject } | null;

/** Project Management (admin.md §2): statistics, table, create/edit/details modals, delete confirmation. */
export default function ProjectsPage() {
  const { t } = useTranslation('admin.projects');
  const projects = useTableData(listProjects, t('errors.fetch'));
  const stats = useTableData(projectStatistics, t('errors.fetch'));
  const users = useTableData(listUsers, t('errors.fetchUsers'));
  const [mode, setMode] = useState<Mode>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const done = async () => {
    setMode(null);
    setError(null);
    projects.clearError();
    await Promise.all([projects.reload(), stats.reload()]);
  };
  const showDetails = async (p: AdminProject) => {
    try {
      setMode({ kind: 'details', project: await getProject(p.project_id) });
    } catch (e) {
      setError(withReason(t('errors.details'), e));
    }
  };
  const remove = async () => {
    if (mode?.kind !== 'delete') return;
    setBusy(true);
    try {
      await deleteProject(mode.project.project_id);
      await done();
    } catch (err) {
      setMode(null);
      setError(withReason(t('errors.delete'), err));
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<ColumnDef<AdminProject>[]>(
    () => [
      { accessorKey: 'name', header: t('fields.name') },
      { accessorKey: 'client_name', header: t('fields.client') },
      { accessorKey: 'observation_date', header: t('fields.observationDate'), cell: (c) => formatShortDate(c.getValue<string | null>()), sortUndefined: 'last' },
      { accessorKey: 'plot_count', header: t('fields.plots'), enableGlobalFilter: false },
      { accessorKey: 'tree_count', header: t('fields.trees'), cell: (c) => c.getValue<number>().toLocaleString('en-US'), enableGlobalFilter: false },
      { id: 'products', accessorFn: (p) => p.products.map((x) => t(`products.${x}`)).join(', '), header: t('fields.products'), enableSorting: false },
    ],
    [t],
  );
  const s = stats.data;
  const formOpen = mode?.kind === 'create' || mode?.kind === 'edit';
  return (
    <section data-testid="admin-projects">
      <div className="admin-page-head">
        <h2>{t('title')}</h2>
        <button type="button" className="btn btn--primary" onClick={() => setMode({ kind: 'create' })}>
          {t('add')}
        </button>
      </div>
      <ErrorBanner
        message={error ?? projects.error ?? users.error}
        onDismiss={() => {
          setError(null);
          projects.clearError();
          users.clearError();
        }}
      />
      <div className="stat-grid" data-testid="project-stats">
        <StatCard label={t('stats.projects')} value={s?.total_projects ?? '—'} icon="📁" />
        <StatCard label={t('stats.plots')} value={s?.total_plots_in_projects ?? '—'} icon="🗺️" />
        <StatCard label={t('stats.areas')} value={s?.total_irrigation_areas ?? '—'} icon="💧" />
        <StatCard label={t('stats.trees')} value={s ? s.total_trees.toLocaleString('en-US') : '—'} icon="🌳" />
      </div>
      <DataTable
        testId="projects-table"
        data={projects.data ?? []}
        columns={columns}
        getRowId={(p) => String(p.project_id)}
        loading={projects.loading}
        emptyText={t('empty')}
        rowActions={(p) => [
          { label: t('view'), onClick: () => void showDetails(p) },
          { label: t('edit'), onClick: () => setMode({ kind: 'edit', project: p }) },
          { label: t('delete'), onClick: () => setMode({ kind: 'delete', project: p }), danger: true },
        ]}
      />
      <Modal
        open={formOpen}
        size="wide"
        title={mode?.kind === 'edit' ? t('editTitle') : t('createTitle')}
        onClose={() => setMode(null)}
        testId="project-form-modal"
        footer={
          <>
            <button type="button" className="btn" onClick={() => setMode(null)}>{t('cancel')}</button>
            <button type="submit" form="project-form" className="btn btn--primary" disabled={busy}>
              {busy ? t('saving') : mode?.kind === 'edit' ? t('save') : t('create')}
            </button>
          </>
        }
      >
        {mode?.kind === 'create' && <ProjectCreateForm users={users.data ?? []} onSaved={() => void done()} onError={setError} setBusy={setBusy} />}
        {mode?.kind === 'edit' && <ProjectEditForm project={mode.project} onSaved={() => void done()} onError={setError} setBusy={setBusy} />}
      </Modal>
      <Modal open={mode?.kind === 'details'} size="wide" title={t('detailsTitle')} onClose={() => setMode(null)} testId="project-details-modal">
        {mode?.kind === 'details' && <ProjectDetails project={mode.project} users={users.data ?? []} />}
      </Modal>
      <ConfirmDialog
        open={mode?.kind === 'delete'}
        title={t('deleteTitle')}
        message={mode?.kind === 'delete' ? t('confirmDelete', { name: mode.project.name }) : ''}
        note={t('cannotBeUndone')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setMode(null)}
      />
    </section>
  );
}
