/**
 * StatCard — one number with its label, for dashboards and statistics grids.
 *
 * Usage:
 *   <div className="stat-grid stat-grid--3">
 *     <StatCard label={t('totalClients')} value={clients.length} icon="🏢" testId="stat-clients" />
 *   </div>
 */
import './stat-card.css';

export interface StatCardProps {
  label: string;
  value: React.ReactNode;
  icon?: string;
  hint?: string;
  testId?: string;
}

export function StatCard({ label, value, icon, hint, testId }: StatCardProps) {
  return (
    <div className="stat-card" data-testid={testId}>
      {icon && <span className="stat-card__icon" aria-hidden="true">{icon}</span>}
      <div className="stat-card__body">
        <span className="stat-card__label">{label}</span>
        <strong className="stat-card__value">{value}</strong>
        {hint && <small className="stat-card__hint">{hint}</small>}
      </div>
    </div>
  );
}
