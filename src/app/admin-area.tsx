import { useEffect } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminLayout } from './admin-layout';
import { AdminPlaceholder } from './admin-placeholder';

/** /admin/* child routes (admin.md §2). The admin layout marks the page body. */
export default function AdminArea() {
  useEffect(() => {
    document.body.classList.add('admin-page');
    return () => document.body.classList.remove('admin-page');
  }, []);
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<AdminPlaceholder section="dashboard" />} />
        <Route path="clients" element={<AdminPlaceholder section="clients" />} />
        <Route path="users" element={<AdminPlaceholder section="users" />} />
        <Route path="projects" element={<AdminPlaceholder section="projects" />} />
        <Route path="data-editor" element={<AdminPlaceholder section="dataEditor" />} />
        <Route path="configuration" element={<AdminPlaceholder section="configuration" />} />
        <Route path="reports" element={<AdminPlaceholder section="reports" />} />
        <Route path="*" element={<AdminPlaceholder section="dashboard" />} />
      </Route>
    </Routes>
  );
}
