import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/Toast';
import type { SessionStore } from '@/lib/session';
import { SessionProvider } from '@/lib/SessionProvider';
import { ThemeProvider } from '@/lib/ThemeProvider';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // The request helper already reports failures; a retry storm would only repeat toasts.
      queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Everything the app needs around the router: server state, session (main.tsx's store), theme, toasts. */
export function AppProviders({ children, session }: { children: ReactNode; session?: SessionStore }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={session}>
        <ThemeProvider>
          <ToastProvider>{children}</ToastProvider>
        </ThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
