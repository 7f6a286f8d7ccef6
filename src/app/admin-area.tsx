import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { AdminLayout } from './admin-layout';
import { PageLoading } from '../components/page-loading';
import { RouteBoundary } from '../components/route-boundary';

// Each admin section is its own chunk: opening the dashboard does not download the editors.
const DashboardPage = lazy(() => import('../features/admin/dashboard/dashboard-page'));
const ClientsPage = lazy(() => import('../features/admin/clients/clients-page'));
const UsersPage = lazy(() => import('../features/admin/users/users-page'));
const ProjectsPage = lazy(() => import('../features/admin/projects/projects-page'));
const ConfigurationPage = lazy(() => import('../features/admin/configuration/configuration-page'));
const ReportsPage = lazy(() => import('../features/admin/reports/reports-page'));
const DataEditorPage = lazy(() => import('../features/admin/data-editor/data-editor-page'));

/** /admin/* child routes (admin.md §2). The admin layout marks the page body. */
export default function AdminArea() {
  useEffect(() => {
    document.body.classList.add('admin-page');
    return () => document.body.classList.remove('admin-page');
  }, []);
  const page = (el: React.ReactNode) => (
    <RouteBoundary>
      <Suspense fallback={<PageLoading />}>{el}</Suspense>
    </RouteBoundary>
  );
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={page(<DashboardPage />)} />
        <Route path="clients" element={page(<ClientsPage />)} />
        <Route path="users" element={page(<UsersPage />)} />
        <Route path="projects" element={page(<ProjectsPage />)} />
        <Route path="data-editor" element={page(<DataEditorPage />)} />
        <Route path="configuration" element={page(<ConfigurationPage />)} />
        <Route path="reports" element={page(<ReportsPage />)} />
        <Route path="*" element={page(<DashboardPage />)} />
      </Route>
    </Routes>
  );
}
