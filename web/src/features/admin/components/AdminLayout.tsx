import type { ReactNode } from 'react';

/**
 * The frame of every admin page. Minimal stand-in: the admin navigation (AdminNav) and its
 * layout come with the dashboard work, whose version of this file replaces this one.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">{children}</div>;
}
