import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { isAdmin, type Session } from '../api/session';
import { GrowerLayout } from './grower-layout';
import { PageLoading } from '../components/page-loading';
import { LandingPage } from '../features/auth/landing-page';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/home/home-page';
import { OrdersPage } from '../features/orders/orders-page';
import { ProfilePage } from '../features/profile/profile-page';

// Map screens and the admin area are split out: growers on a phone download
// the map code only when they open a map, and never the admin code.
const ProjectMapPage = lazy(() => import('../features/project-map/project-map-page'));
const FarmMapPage = lazy(() => import('../features/farm-map/farm-map-page'));
const AdminArea = lazy(() => import('./admin-area'));

/** The route table of client.md §2. */
export function AppRoutes({ session }: { session: Session | null }) {
  if (!session) {
    return (
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/admin/*" element={<Navigate to="/login" replace />} />
        <Route path="*" element={<LandingPage />} />
      </Routes>
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route
          path="/admin/*"
          element={isAdmin(session) ? <AdminArea /> : <Navigate to="/home" replace />}
        />
        <Route element={<GrowerLayout admin={isAdmin(session)} />}>
          <Route path="/" element={<HomePage />} />
          <Route path="/home" element={<HomePage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/map" element={<FarmMapPage />} />
          <Route path="/view/:projectId/:observationTime" element={<ProjectMapPage />} />
          <Route path="*" element={<Navigate to="/home" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
