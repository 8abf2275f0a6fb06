/** The shell's signed-in pieces (SignedInShell.tsx) load on demand, once someone is signed in. */
export const loadSignedInShell = () => import('./SignedInShell');
