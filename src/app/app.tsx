import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TOKEN_EXPIRED_EVENT, clearSession, useSession } from '../api/session';
import { AppRoutes } from './routes';
import { AppUpdateBanner } from './app-update';
import { leftAddress } from '../offline/surveys/survey-start';

/** Top of the SPA: routes follow the session; a token-expired event logs out everywhere. */
export function App() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A survey's map data asked for as the app started (survey-start.ts) stops when the user goes elsewhere first.
  useEffect(() => leftAddress(pathname), [pathname]);
  useEffect(() => {
    const onExpired = () => {
      clearSession();
      void navigate('/login', { replace: true, state: { expired: true } });
    };
    window.addEventListener(TOKEN_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(TOKEN_EXPIRED_EVENT, onExpired);
  }, [navigate]);
  return (
    <>
      <AppRoutes session={session} />
      <AppUpdateBanner />
    </>
  );
}
