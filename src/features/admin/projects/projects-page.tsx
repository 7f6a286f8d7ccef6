import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { deleteProject, getProject, projectStatisticsQuery, projectsQuery, type AdminProject } from '../../../api/admin-projects';
import { usersQuery } from '../../../api/admin-users';
import { DataTable } from '../../../components/table';
import { Modal } from '../../../components/modal';
import { CrudHead, FormModal } from '../../../components/crud-page';
import { ConfirmDialog } from '../../../components/confirm';
import { ErrorBanner } from '../../../components/banner';
import { StatCard } from '../../../components/stat-card';
import { formatCount, formatShortDate, useTableData } from '../../../components/table-data';
import { useCrud } from '../../../components/use-crud';
import { ProjectCreateForm } from './project-create-form';
import { ProjectEditForm } from './project-edit-form';
import { ProjectDetails } from './project-details';
import { OrthophotoUpload } from './orthophoto-upload';
import './projects.css';

/** Project Management (admin.md §2): statistics, table, create/edit/details modals, delete confirmation. */
export default function ProjectsPage() {
  const { t, i18n } = useTranslation('admin.projects');
  const lang = i18n.language;
  const projects = useTableData(projectsQuery(), t('errors.fetch'));
  const stats = useTableData(projectStatisticsQuery(), t('errors.fetch'));
  const users = useTableData(usersQuery(), t('errors.fetchUsers'));
  const crud = useCrud<AdminProject>({
    clearErrors: projects.clearError,
    messages: { create: t('errors.create'), update: t('errors.update'), delete: t('errors.delete'), details: t('errors.details') },
  });
  const { mode } = crud;

  const columns = useMemo<ColumnDef<AdminProject>[]>(
    () => [
      { accessorKey: 'name', header: t('fields.name'), meta: { data: true } },
      { accessorKey: 'client_name', header: t('fields.client'), meta: { data: true } },
      {
        accessorKey: 'observation_date',
        header: t('fields.observationDate'),
        cell: (c) => formatShortDate(c.getValue<string | null>(), lang),
        sortUndefined: 'last',
      },
      { accessorKey: 'plot_count', header: t('fields.plots'), enableGlobalFilter: false },
      { accessorKey: 'tree_count', header: t('fields.trees'), cell: (c) => formatCount(c.getValue<number>(), lang), enableGlobalFilter: false },
      { id: 'products', accessorFn: (p) => p.products.map((x) => t(`products.${x}`)).join(', '), header: t('fields.products'), enableSorting: false },
    ],
    [t, lang],
  );
  const s = stats.data;
  return (
    <section data-testid="admin-projects">
      <CrudHead title={t('title')} addLabel={t('add')} onAdd={() => crud.open({ kind: 'create' })} />
      <ErrorBanner {...crud.banner(projects, users)} />
      <div className="stat-grid" data-testid="project-stats">
        <StatCard label={t('stats.projects')} value={s?.total_projects ?? '—'} icon="folder" />
        <StatCard label={t('stats.plots')} value={s?.total_plots_in_projects ?? '—'} icon="map" />
        <StatCard label={t('stats.areas')} value={s?.total_irrigation_areas ?? '—'} icon="drop" />
        <StatCard label={t('stats.trees')} value={s ? formatCount(s.total_trees, lang) : '—'} icon="tree" />
      </div>
      <DataTable
        testId="projects-table"
        data={projects.data ?? []}
        columns={columns}
        getRowId={(p) => String(p.project_id)}
        loading={projects.loading}
        emptyText={t('empty')}
        rowActions={(p) => crud.rowActions(p, { view: t('view'), edit: t('edit'), delete: t('delete') }, () => getProject(p.project_id))}
      />
      <FormModal
        {...crud.formModal}
        size="wide"
        title={crud.editing ? t('editTitle') : t('createTitle')}
        testId="project-form-modal"
        formId="project-form"
        submitLabel={crud.editing ? t('save') : t('create')}
        busyLabel={t('saving')}
        cancelLabel={t('cancel')}
      >
        {mode?.kind === 'create' && <ProjectCreateForm users={users.data ?? []} save={crud.save} />}
        {mode?.kind === 'edit' && <ProjectEditForm project={mode.item} users={users.data ?? []} save={crud.save} />}
      </FormModal>
      <Modal open={mode?.kind === 'details'} size="wide" title={t('detailsTitle')} onClose={crud.close} testId="project-details-modal">
        {mode?.kind === 'details' && <ProjectDetails project={mode.item} users={users.data ?? []} />}
        {mode?.kind === 'details' && <OrthophotoUpload projectId={mode.item.project_id} />}
      </Modal>
      <ConfirmDialog
        {...crud.confirm((p) => deleteProject(p.project_id))}
        title={t('deleteTitle')}
        message={mode?.kind === 'delete' ? t('confirmDelete', { name: mode.item.name }) : ''}
        note={t('cannotBeUndone')}
      />
    </section>
  );
}
