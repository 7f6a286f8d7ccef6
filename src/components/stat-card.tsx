/**
 * StatCard — one number with its label, for dashboards and statistics grids.
 *
 * Usage:
 *   <div className="stat-grid stat-grid--3">
 *     <StatCard label={t('totalClients')} value={clients.length} icon="building" testId="stat-clients" />
 *   </div>
 */
import './stat-card.css';
import { NavIcon, type IconName } from './nav-icon';

export interface StatCardProps {
  label: string;
  value: React.ReactNode;
  /** An inline SVG icon (emoji render as empty boxes where no emoji font exists). */
  icon?: IconName;
  /** Colours the icon: ok (green) or bad (red), e.g. a status. */
  tone?: 'ok' | 'bad';
  hint?: string;
  testId?: string;
}

export function StatCard({ label, value, icon, tone, hint, testId }: StatCardProps) {
  return (
    <div className="stat-card" data-testid={testId}>
      {icon && (
        <span className={`stat-card__icon${tone ? ` stat-card__icon--${tone}` : ''}`} aria-hidden="true">
          <NavIcon name={icon} size={24} />
        </span>
      )}
      <div className="stat-card__body">
        <span className="stat-card__label">{label}</span>
        <strong className="stat-card__value">{value}</strong>
        {hint && <small className="stat-card__hint">{hint}</small>}
      </div>
    </div>
  );
}
