import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/Spinner';
import { useSession } from '@/lib/session';

/** Guards signed-in pages: waits for the first user fetch, then sends visitors home. */
export function SignedInOnly() {
  const { user, initialLoading } = useSession();
  if (initialLoading) return <PageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  return <Outlet />;
}
