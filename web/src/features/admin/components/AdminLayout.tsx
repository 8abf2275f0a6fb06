import type { ReactNode } from 'react';
import { AdminNav } from './AdminNav';

/**
 * The frame of every administration page: the admin menu beside (desktop) or above (phone) the
 * page. Pages of other features render inside it: `<AdminLayout>…</AdminLayout>`.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:py-10">
      {/* Not an <aside>: a complementary landmark may not sit inside the page's <main>. */}
      <div>
        <AdminNav />
      </div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
