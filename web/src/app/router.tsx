import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/Spinner';
import { loadNamespaces } from '@/lib/i18n';
import { RootError, RouteError } from './RouteError';
import { SignedInOnly } from './SignedInOnly';
import { AppShell } from './shell/AppShell';

/**
 * A lazy route: the page's code and its translation namespaces load together, so the page never
 * suspends on its texts after the route is shown.
 */
function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, namespaces: string[] = [], props?: P) {
  return async () => {
    const [mod] = await Promise.all([load(), loadNamespaces(namespaces)]);
    const Page = mod.default;
    return { Component: props ? () => <Page {...props} /> : (Page as ComponentType) };
  };
}

const legalPage = () => import('@/features/legal/pages/LegalPage');

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RootError />,
    children: [
      {
        // Renders the page spinner inside the shell while the first page's code loads, and keeps
        // page errors inside the shell.
        HydrateFallback: PageSpinner,
        errorElement: <RouteError />,
        children: [
          // Open to visitors (spec §2).
          { index: true, lazy: page(() => import('@/features/home/pages/HomePage'), ['home']) },
          { path: 'about', lazy: page(legalPage, ['legal'], { doc: 'about' as const }) },
          { path: 'terms', lazy: page(legalPage, ['legal'], { doc: 'terms' as const }) },
          { path: 'privacy', lazy: page(legalPage, ['legal'], { doc: 'privacy' as const }) },
          { path: 'test-admin', lazy: page(() => import('@/features/admin/pages/TestAdminPage'), ['admin']) },
          { path: 'tournaments', lazy: page(() => import('@/features/tournaments/pages/TournamentsPage'), ['tournaments']) },
          { path: 'tournaments/:id', lazy: page(() => import('@/features/tournament/pages/TournamentPage'), ['tournament', 'tournaments', 'rating', 'messages']) },
          { path: 'clubs', lazy: page(() => import('@/features/clubs/pages/ClubsPage'), ['clubs']) },
          { path: 'clubs/:id', lazy: page(() => import('@/features/clubs/pages/ClubPage'), ['clubs', 'tournaments', 'errors']) },
          { path: 'auth/callback', lazy: page(() => import('@/features/auth/pages/AuthCallbackPage'), ['errors']) },
          // Signed-in pages (spec §2, §6): visitors go home once the first user fetch settled.
          {
            element: <SignedInOnly />,
            children: [
              { path: 'profile', lazy: page(() => import('@/features/profile/pages/ProfilePage'), ['profile']) },
              { path: 'profile/enhanced', lazy: page(() => import('@/features/players/pages/EnhancedProfilePage'), ['players']) },
              { path: 'players/:id', lazy: page(() => import('@/features/players/pages/PlayerPage'), ['players', 'messages', 'live']) },
              { path: 'players/:id/stats', lazy: page(() => import('@/features/stats/pages/PlayerStatsPage'), ['stats', 'rating', 'gamification']) },
              { path: 'challenges', lazy: page(() => import('@/features/challenges/pages/ChallengesPage'), ['challenges', 'rating', 'calendar', 'messages']) },
              { path: 'notifications', lazy: page(() => import('@/features/notifications/pages/NotificationsPage'), ['inbox']) },
              { path: 'messages', lazy: page(() => import('@/features/messages/pages/MessagesPage'), ['messages', 'live']) },
              { path: 'settings', lazy: page(() => import('@/features/settings/pages/SettingsPage'), ['settings', 'calendar']) },
              { path: 'leaderboards', lazy: page(() => import('@/features/leaderboards/pages/LeaderboardsPage'), ['leaderboards', 'rating']) },
              { path: 'gamification', lazy: page(() => import('@/features/gamification/pages/GamificationPage'), ['gamification']) },
              { path: 'tennis-hub', lazy: page(() => import('@/features/hub/pages/TennisHubPage'), ['hub']) },
            ],
          },
          // The admin area: admins and super admins (the ones who see its button and quick access).
          {
            element: <SignedInOnly role="admin" />,
            children: [
              { path: 'super-admin', lazy: page(() => import('@/features/admin/pages/SuperAdminPage'), ['adminArea', 'clubs', 'tournaments']) },
              { path: 'super-admin/players', lazy: page(() => import('@/features/admin/pages/AdminPlayersPage'), ['adminArea']) },
              { path: 'super-admin/players/:id', lazy: page(() => import('@/features/admin/pages/AdminPlayerPage'), ['adminArea']) },
            ],
          },
          // The admin lists of clubs, tournaments, matches and challenges: super admins.
          {
            element: <SignedInOnly role="superadmin" />,
            children: [
              { path: 'super-admin/clubs', lazy: page(() => import('@/features/admin/pages/AdminClubsPage'), ['adminArea']) },
              { path: 'super-admin/tournaments', lazy: page(() => import('@/features/admin/pages/AdminTournamentsPage'), ['adminArea']) },
              { path: 'super-admin/matches', lazy: page(() => import('@/features/admin/pages/AdminMatchesPage'), ['adminArea']) },
              { path: 'super-admin/challenges', lazy: page(() => import('@/features/admin/pages/AdminChallengesPage'), ['adminArea']) },
            ],
          },
          // Spec §2: the super admins page shows 'Access Denied' to non-super-admins.
          {
            element: <SignedInOnly role="superadmin" />,
            children: [
              { path: 'super-admins', lazy: page(() => import('@/features/admin/pages/SuperAdminsPage'), ['adminArea', 'people']) },
              { path: 'super-admin/transfers', lazy: page(() => import('@/features/admin/pages/TransfersPage'), ['adminArea', 'people']) },
              // The system logs and the admin panel (#12): super admins (policy.ReadAuditLog, RunSystemTasks).
              { path: 'super-admin/logs', lazy: page(() => import('@/features/admin/pages/SystemLogsPage'), ['adminArea', 'system']) },
              { path: 'super-admin/system', lazy: page(() => import('@/features/admin/pages/SystemPage'), ['adminArea', 'system']) },
              { path: 'super-admin/deletions', lazy: page(() => import('@/features/admin/pages/DeletionsPage'), ['adminArea', 'deletions']) },
              { path: 'players-panel', lazy: page(() => import('@/features/admin/pages/PlayersPanelPage'), ['adminArea', 'playersPanel']) },
            ],
          },
          // Any unknown path goes home (spec §2).
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/** Resolves once the router has loaded the first route's lazy code (or failed to: its error shows). */
export function routerReady(router: ReturnType<typeof createRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
