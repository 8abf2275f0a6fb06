import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A cheap guard for "no user-visible string in a component" (DESIGN §4): JSX text and the
 * aria-label / title / placeholder / alt attributes must come from t(). Heuristic on purpose:
 * it catches the common slip, not every possible one.
 */
const src = join(__dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return path.endsWith('.tsx') && !path.includes('.test.') ? [path] : [];
  });
}

const JSX_TEXT = />\s*[\p{L}][^<>{}]*</u;
const TEXT_ATTR = /\b(aria-label|title|placeholder|alt)="[^"]*\p{L}/u;

describe('components', () => {
  it('have no hard-coded user-visible text', () => {
    const offences: string[] = [];
    for (const file of files(src)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // Type parameters (`Promise<{ default: … }>`) look like JSX text to the regex.
          if (/^\s*(\/\/|\*|function |export function |import )/.test(line)) return;
          if (JSX_TEXT.test(line) || TEXT_ATTR.test(line)) offences.push(`${relative(src, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offences).toEqual([]);
  });
});
