// The chunk groups of the lazy pages (issue 16, the data pages' LCP). vite.config.ts lists them.
//
// Left to automatic chunking, every module shared by a different set of lazy pages becomes its own
// chunk: /tournaments/7 needed 40 (30 lucide icons of ~0.3 KiB, TanStack Query's hooks in five
// pieces, a dozen small components), and on a phone's connection (HTTP/1.1, six connections) each
// is a round trip in the queue before the page can render. Instead:
// - `icons`: every icon outside the landing page (≈ 8 KiB gzip for all, less than the requests'
//   headers); the landing's own icons join the framework chunk (`isLandingIcon`), so the landing's
//   first load does not grow (`npm run size`);
// - `query`: the TanStack Query modules only lazy pages use (QUERY_HOOKS; the client and its cache
//   are in the entry, which must not import this chunk — `npm run size` would show it);
// - `common`: small shared app modules (src/components, src/lib) the landing does not load and
//   whose imports never reach Radix, so a page without dialogs does not download one.
//
// Which modules the landing uses cannot be read from the module graph alone: lucide's barrel
// statically imports every icon (tree shaking drops the unused ones later). So the landing's app
// modules are walked (static imports, app source only) and their `import { … } from 'lucide-react'`
// names are mapped to icon files through the barrel's own `export { default as Name, … } from
// './icons/file.mjs'` lines.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** TanStack Query modules that only lazy pages use: queries, infinite queries and mutations. */
export const QUERY_HOOKS =
  /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](queryOptions|infiniteQueryOptions|queryObserver|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|infiniteQueryObserver|useInfiniteQuery|mutationObserver|useMutation|useQuery)\.js$/;

const iconFile = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/;

/** Icon export name → icon file name, from lucide-react's ESM barrel text. */
export function iconFiles(barrel: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs';/g)) {
    for (const part of m[1].split(',')) {
      const name = /default as (\w+)/.exec(part.trim())?.[1];
      if (name) files.set(name, m[2]);
    }
  }
  return files;
}

/**
 * The values a module's source imports from 'lucide-react' (`import { A, B as C } from 'lucide-react'`);
 * type-only imports are left out.
 */
export function lucideImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)) {
    if (m[1]) continue;
    for (const part of m[2].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/**
 * The plugin records the landing's modules and icon files at the end of the module graph's build;
 * the tests (code-splitting groups' `test`) then sort the modules into the groups above.
 */
export function chunkGroups(landingPage: string) {
  const landingIcons = new Set<string>();
  const landingModules = new Set<string>();
  const heavy = new Set<string>();
  let ready = false;
  const plugin: Plugin = {
    name: 'chunk-groups',
    buildEnd() {
      const seen = new Set<string>();
      let barrel: Map<string, string> | undefined;
      const walk = (id: string) => {
        if (seen.has(id) || id.includes('node_modules') || id.startsWith('\0')) return;
        seen.add(id);
        landingModules.add(id);
        const info = this.getModuleInfo(id);
        if (/\.[cm]?[jt]sx?$/.test(id)) {
          const names = lucideImports(readFileSync(id, 'utf8'));
          if (names.length > 0) {
            if (!barrel) {
              const barrelId = info?.importedIds.find((dep) => /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(dep));
              if (!barrelId) throw new Error(`chunk-groups: ${id} imports lucide-react, but its ESM barrel was not resolved`);
              barrel = iconFiles(readFileSync(barrelId, 'utf8'));
            }
            for (const name of names) {
              // Not an icon (a helper such as createLucideIcon): nothing to keep out of the group.
              const file = barrel.get(name);
              if (file) landingIcons.add(file);
            }
          }
        }
        for (const dep of info?.importedIds ?? []) walk(dep);
      };
      let roots = 0;
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        const entry = info?.isEntry && info.dynamicImporters.length === 0;
        if (entry || id.endsWith(landingPage)) {
          roots++;
          walk(id);
        }
      }
      if (roots < 2) throw new Error(`chunk-groups: the entry or ${landingPage} is missing from the build`);
      // App modules whose static imports (through app modules) reach Radix.
      const memo = new Map<string, boolean>();
      const reachesRadix = (id: string): boolean => {
        if (memo.has(id)) return memo.get(id)!;
        memo.set(id, false);
        let out = false;
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) {
          if (/node_modules[\\/]@radix-ui[\\/]/.test(dep)) out = true;
          else if (!dep.includes('node_modules') && !dep.startsWith('\0')) out = reachesRadix(dep) || out;
          if (out) break;
        }
        memo.set(id, out);
        return out;
      };
      for (const id of this.getModuleIds()) if (!id.includes('node_modules') && reachesRadix(id)) heavy.add(id);
      ready = true;
    },
  };
  /**
   * A shared piece of the lazy pages: app source under src/components or src/lib that the landing
   * does not load and whose static imports do not reach Radix (a page that shows no dialog must not
   * download one because it shares a small helper with a page that does).
   */
  const isLazyShared = (id: string) => {
    if (!ready) throw new Error('chunk-groups: the plugin did not run before code splitting');
    return /[\\/]src[\\/](components|lib)[\\/]/.test(id) && !id.includes('node_modules') && !landingModules.has(id) && !heavy.has(id);
  };
  /** The landing's icons: they join the framework chunk every page loads, instead of a chunk each. */
  const isLandingIcon = (id: string) => {
    const m = iconFile.exec(id);
    return !!m && landingIcons.has(m[1]);
  };
  const isSharedIcon = (id: string) => {
    const m = iconFile.exec(id);
    if (!m) return false;
    if (!ready) throw new Error('chunk-groups: the plugin did not run before code splitting');
    return !landingIcons.has(m[1]);
  };
  return { plugin, isSharedIcon, isLazyShared, isLandingIcon };
}
