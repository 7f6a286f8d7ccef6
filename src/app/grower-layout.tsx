import { Outlet } from 'react-router';
import { BottomNav } from './bottom-nav';

export function GrowerLayout({ admin }: { admin: boolean }) {
  return (
    <div className="grower-layout">
      <main className="grower-main">
        <Outlet />
      </main>
      <BottomNav admin={admin} />
    </div>
  );
}
