import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every translation key must exist in every language (DESIGN §4), across all files in
 * public/locales — including the backend's errors.json and legal.json. Keys are flattened with
 * array indices, so a list with a missing item in one language fails too.
 */
const root = join(__dirname, '../../public/locales');
const languages = readdirSync(root).sort();

function flatten(value: unknown, prefix: string, out: Map<string, unknown>) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => flatten(item, `${prefix}[${i}]`, out));
    if (value.length === 0) out.set(prefix, value);
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, out);
    if (entries.length === 0 && prefix) out.set(prefix, value);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(lng: string, file: string) {
  return flatten(JSON.parse(readFileSync(join(root, lng, file), 'utf8')), '', new Map());
}

const placeholders = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort() : [];

const files = [...new Set(languages.flatMap((lng) => readdirSync(join(root, lng))))].filter((f) => f.endsWith('.json')).sort();

describe('translation files', () => {
  it('exist for pt and en', () => {
    expect(languages).toEqual(['en', 'pt']);
    expect(files).toEqual(expect.arrayContaining(['common.json', 'help.json', 'home.json']));
  });

  it.each(files)('%s exists in every language', (file) => {
    for (const lng of languages) {
      expect(readdirSync(join(root, lng)), `${lng}/${file}`).toContain(file);
    }
  });

  it.each(files)('%s has the same keys in every language', (file) => {
    const [first, ...rest] = languages;
    const reference = load(first, file);
    for (const lng of rest) {
      const other = load(lng, file);
      const missingInOther = [...reference.keys()].filter((k) => !other.has(k));
      const missingInFirst = [...other.keys()].filter((k) => !reference.has(k));
      expect(missingInOther, `keys in ${first}/${file} missing from ${lng}/${file}`).toEqual([]);
      expect(missingInFirst, `keys in ${lng}/${file} missing from ${first}/${file}`).toEqual([]);
    }
  });

  it.each(files)('%s uses the same {{placeholders}} in every language', (file) => {
    const [first, ...rest] = languages;
    const reference = load(first, file);
    for (const lng of rest) {
      const other = load(lng, file);
      for (const [key, text] of reference) {
        if (other.has(key)) expect(placeholders(other.get(key)), `${lng}/${file} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it.each(files)('%s has no empty strings', (file) => {
    for (const lng of languages) {
      const empty = [...load(lng, file)].filter(([, v]) => v === '').map(([k]) => k);
      expect(empty, `${lng}/${file}`).toEqual([]);
    }
  });
});
