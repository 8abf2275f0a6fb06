import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { pageChunks, parseRoutes } from '../../scripts/route-preloads.mjs';

// scripts/route-preloads.mjs reads the router as text to tell the server which chunks and texts
// each page needs (issue 16); it must understand every lazy route the router has.
describe('the route table of the build', () => {
  const source = readFileSync(join(__dirname, 'router.tsx'), 'utf8');

  it('understands every lazy route of the router, with its namespaces', () => {
    const routes = parseRoutes(source) as { path: string; module: string; namespaces: string[] }[];
    expect(routes.length).toBe(source.match(/lazy: page\(/g)?.length);
    expect(routes.find((r) => r.path === 'tournaments/:id')).toEqual({
      path: 'tournaments/:id',
      module: 'src/features/tournament/pages/TournamentPage',
      namespaces: ['tournament', 'tournaments', 'rating', 'messages'],
    });
    expect(routes.find((r) => r.path === '')?.module).toBe('src/features/home/pages/HomePage');
    expect(routes.find((r) => r.path === 'terms')?.module).toBe('src/features/legal/pages/LegalPage');
  });

  it('refuses a lazy route written another way', () => {
    expect(() => parseRoutes(`${source}\n{ path: 'x', lazy: page(async () => import('@/y')) }`)).toThrow(/route-preloads:/);
  });

  it("lists a page's chunks beyond the ones index.html loads, its own first", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_Tabs-1.js': { file: 'assets/Tabs-1.js', imports: ['_react-1.js', '_icon-1.js'] },
      '_icon-1.js': { file: 'assets/icon-1.js' },
      'src/features/x/Page.tsx': { file: 'assets/Page-1.js', imports: ['index.html', '_Tabs-1.js', '_react-1.js'] },
    };
    expect(pageChunks(manifest, 'src/features/x/Page')).toEqual(['/assets/Page-1.js', '/assets/Tabs-1.js', '/assets/icon-1.js']);
    expect(() => pageChunks(manifest, 'src/features/missing/Page')).toThrow(/manifest/);
  });
});
