// Signing out never clears the field outbox (README "Scouting: sync"): with work of this user still waiting,
// sign-out first says so — the changes stay on this device and are sent after this user signs in again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession } from '../../api/session';
import { unsyncedCount } from '../../offline/field';
import { ConfirmDialog } from '../confirm';

export function useSignOutGuard(signOut: () => Promise<void> | void) {
  const { t } = useTranslation('common');
  const [waiting, setWaiting] = useState(0);
  const request = async () => {
    const n = await unsyncedCount(getSession()?.user?.user_id ?? null).catch(() => 0);
    if (n > 0) setWaiting(n);
    else await signOut();
  };
  const dialog = (
    <ConfirmDialog
      open={waiting > 0}
      title={t('signOutWaiting.title')}
      message={t('signOutWaiting.message', { count: waiting })}
      confirmLabel={t('signOutWaiting.confirm')}
      onCancel={() => setWaiting(0)}
      onConfirm={() => {
        setWaiting(0);
        void signOut();
      }}
    />
  );
  return { request, dialog };
}
