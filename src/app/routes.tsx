import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { isAdmin, type Session } from '../api/session';
import { GrowerLayout } from './grower-layout';
import { PageLoading } from '../components/page-loading';
import { RouteBoundary } from '../components/route-boundary';
import { LandingPage } from '../features/auth/landing-page';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/home/home-page';
import { OrdersPage } from '../features/orders/orders-page';

// Map screens and the admin area are split out: growers on a phone download
// the map code only when they open a map, and never the admin code.
const ProjectMapPage = lazy(() => import('../features/project-map/project-map-page'));
const FarmMapPage = lazy(() => import('../features/farm-map/farm-map-page'));
const AdminArea = lazy(() => import('./admin-area'));
// Issue 36: the field worker's task list (walk to trees, record what was found, offline).
const MyTasksPage = lazy(() => import('../features/tasks/my-tasks-page'));
// The password form checks with zod (the API's schema, issue 34): its pages load it when opened, not with home.
const ProfilePage = lazy(() => import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const ChangePasswordPage = lazy(() => import('../features/auth/change-password-page').then((m) => ({ default: m.ChangePasswordPage })));

/** The route table of client.md §2. */
export function AppRoutes({ session }: { session: Session | null }) {
  if (!session) {
    return (
      <Routes>
        <Route
          path="/"
          element={
            <RouteBoundary>
              <LandingPage />
            </RouteBoundary>
          }
        />
        <Route
          path="/login"
          element={
            <RouteBoundary>
              <LoginPage />
            </RouteBoundary>
          }
        />
        <Route path="/admin/*" element={<Navigate to="/login" replace />} />
        <Route
          path="*"
          element={
            <RouteBoundary>
              <LandingPage />
            </RouteBoundary>
          }
        />
      </Routes>
    );
  }
  if (session.user?.must_change_password) {
    // An administrator reset the password: nothing else until the user chose a new one (issue 33).
    return (
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route
            path="*"
            element={
              <RouteBoundary>
                <ChangePasswordPage />
              </RouteBoundary>
            }
          />
        </Routes>
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route
          path="/admin/*"
          element={
            isAdmin(session) ? (
              <RouteBoundary>
                <AdminArea />
              </RouteBoundary>
            ) : (
              <Navigate to="/home" replace />
            )
          }
        />
        {/* Just signed in: straight to the role's start page (an admin never passes /home, client.md §2). */}
        <Route path="/login" element={<Navigate to={isAdmin(session) ? '/admin' : '/home'} replace />} />
        <Route element={<GrowerLayout admin={isAdmin(session)} />}>
          <Route
            path="/"
            element={
              <RouteBoundary>
                <HomePage />
              </RouteBoundary>
            }
          />
          <Route
            path="/home"
            element={
              <RouteBoundary>
                <HomePage />
              </RouteBoundary>
            }
          />
          <Route
            path="/profile"
            element={
              <RouteBoundary>
                <ProfilePage />
              </RouteBoundary>
            }
          />
          <Route
            path="/orders"
            element={
              <RouteBoundary>
                <OrdersPage />
              </RouteBoundary>
            }
          />
          <Route
            path="/map"
            element={
              <RouteBoundary>
                <FarmMapPage />
              </RouteBoundary>
            }
          />
          <Route
            path="/tasks"
            element={
              <RouteBoundary>
                <MyTasksPage />
              </RouteBoundary>
            }
          />
          <Route
            path="/view/:projectId/:observationTime"
            element={
              <RouteBoundary>
                <ProjectMapPage />
              </RouteBoundary>
            }
          />
          <Route path="*" element={<Navigate to="/home" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
