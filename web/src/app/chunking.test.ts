import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { iconFiles, lucideImports } from '../../chunking';

// chunking.ts keeps the landing page's icons out of the shared `icons` chunk by reading the
// landing's lucide imports and lucide's barrel as text; if either reading breaks, the landing
// would download every icon.

it('maps every export name of lucide-react’s barrel, aliases included, to its icon file', () => {
  const barrel = readFileSync(join(__dirname, '../../node_modules/lucide-react/dist/esm/lucide-react.mjs'), 'utf8');
  const files = iconFiles(barrel);
  expect(files.get('BarChart3')).toBe('chart-column');
  expect(files.get('CalendarClock')).toBe('calendar-clock');
  expect(files.get('ChevronDown')).toBe('chevron-down');
  expect(files.size).toBeGreaterThan(1000);
});

it('reads the values a module imports from lucide-react, not its types', () => {
  const source = [
    "import { Bell, type LucideIcon, Trophy as Cup } from 'lucide-react';",
    "import type { LucideProps } from 'lucide-react';",
    'import {\n  Gavel,\n  TrendingUp,\n} from "lucide-react";',
    "import { Button } from '@/components/ui/Button';",
  ].join('\n');
  expect(lucideImports(source)).toEqual(['Bell', 'Trophy', 'Gavel', 'TrendingUp']);
});
