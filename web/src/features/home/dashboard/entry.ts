import { loadNamespaces } from '@/lib/i18n';

/**
 * The signed-in home's code and texts. The landing imports only this tiny module: a dynamic
 * import lists every chunk of its target for preloading, and that list (file names with hashes)
 * would otherwise sit in the landing's size-capped initial JavaScript.
 */
export const loadSignedInHome = () => Promise.all([import('./SignedInHome'), loadNamespaces(['dashboard'])]).then(([mod]) => mod);
