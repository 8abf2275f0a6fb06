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

/** The groups only lazy pages may import (vite.config.ts names them). */
export const LAZY_GROUPS = new Set(['icons-first', 'icons', 'query', 'common-first', 'common']);

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
export function chunkGroups(landingPage: string, firstPages: string[]) {
  const landing = { modules: new Set<string>(), icons: new Set<string>() };
  const first = { modules: new Set<string>(), icons: new Set<string>() };
  const heavy = new Set<string>();
  let ready = false;
  const plugin: Plugin = {
    name: 'chunk-groups',
    buildEnd() {
      for (const set of [landing.modules, landing.icons, first.modules, first.icons, heavy]) set.clear();
      let barrel: Map<string, string> | undefined;
      // The app modules (static imports, app source only) and icon files under `roots`.
      const collect = (roots: string[], into: { modules: Set<string>; icons: Set<string> }) => {
        const walk = (id: string) => {
          if (into.modules.has(id) || id.includes('node_modules') || id.startsWith('\0')) return;
          into.modules.add(id);
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
                // Not an icon (a helper such as createLucideIcon): nothing to sort.
                const file = barrel.get(name);
                if (file) into.icons.add(file);
              }
            }
          }
          for (const dep of info?.importedIds ?? []) walk(dep);
        };
        for (const root of roots) walk(root);
      };
      const ids = [...this.getModuleIds()];
      const entry = ids.filter((id) => {
        const info = this.getModuleInfo(id);
        return info?.isEntry && info.dynamicImporters.length === 0;
      });
      const find = (page: string) => {
        const id = ids.find((x) => x.endsWith(page));
        if (!id) throw new Error(`chunk-groups: ${page} is missing from the build`);
        return id;
      };
      if (entry.length === 0) throw new Error('chunk-groups: the build has no entry');
      collect([...entry, find(landingPage)], landing);
      collect(firstPages.map(find), first);
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
      for (const id of ids) if (!id.includes('node_modules') && reachesRadix(id)) heavy.add(id);
      ready = true;
    },
    // The groups are for lazy pages: if the entry imported one (a landing module started using a
    // query hook, say), the landing would download it, and `query` would run before the query
    // client core it extends, which the entry defines.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        for (const imported of chunk.imports) {
          const target = bundle[imported];
          if (target?.type === 'chunk' && LAZY_GROUPS.has(target.name)) {
            throw new Error(`chunk-groups: the entry ${chunk.fileName} imports the lazy pages' chunk ${target.fileName}`);
          }
        }
      }
    },
  };
  const check = () => {
    if (!ready) throw new Error('chunk-groups: the plugin did not run before code splitting');
  };
  /**
   * A shared piece of the lazy pages: app source under src/components or src/lib that the landing
   * does not load and whose static imports do not reach Radix (a page that shows no dialog must not
   * download one because it shares a small helper with a page that does).
   */
  const lazyShared = (id: string) => {
    check();
    return /[\\/]src[\\/](components|lib)[\\/]/.test(id) && !id.includes('node_modules') && !landing.modules.has(id) && !heavy.has(id);
  };
  const icon = (id: string) => iconFile.exec(id)?.[1];
  return {
    plugin,
    /** The landing's icons: they join the framework chunk every page loads, instead of a chunk each. */
    isLandingIcon: (id: string) => landing.icons.has(icon(id) ?? ''),
    /** The first pages' other icons (`icons-first`). */
    isFirstPagesIcon: (id: string) => {
      const file = icon(id);
      check();
      return !!file && !landing.icons.has(file) && first.icons.has(file);
    },
    /** Every other icon (`icons`). */
    isSharedIcon: (id: string) => {
      const file = icon(id);
      check();
      return !!file && !landing.icons.has(file) && !first.icons.has(file);
    },
    /** Shared pieces the first pages load (`common-first`). */
    isFirstPagesShared: (id: string) => lazyShared(id) && first.modules.has(id),
    /** Shared pieces only other pages load (`common`). */
    isLazyShared: (id: string) => lazyShared(id) && !first.modules.has(id),
  };
}
