import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logout } from '../../api/auth';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  return (
    <section className="page" data-testid="profile-page">
      <h1>{t('title')}</h1>
      <button
        type="button"
        className="btn"
        data-testid="logout"
        onClick={async () => {
          await logout();
          navigate('/', { replace: true });
        }}
      >
        {t('logout')}
      </button>
    </section>
  );
}
