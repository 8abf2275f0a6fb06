import { loadNamespaces } from '@/lib/i18n';

/**
 * The search overlay's code and texts. The shell imports only this tiny module (see
 * features/home/dashboard/entry.ts for why: the preload list stays out of the initial bundle).
 */
export const loadSearchOverlay = () => Promise.all([import('./components/SearchOverlay'), loadNamespaces(['search'])]).then(([mod]) => mod);
