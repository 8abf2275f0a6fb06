import { describe, expect, it } from 'vitest';
import { linkify } from './conversations';

describe('linkify', () => {
  it('finds http(s) links and leaves the rest as text', () => {
    expect(linkify('see https://example.pt/a?b=1, ok')).toEqual([
      { text: 'see ' },
      { text: 'https://example.pt/a?b=1', href: 'https://example.pt/a?b=1' },
      { text: ', ok' },
    ]);
  });
  it('never makes a link of other schemes', () => {
    expect(linkify('javascript:alert(1) <b>x</b>')).toEqual([{ text: 'javascript:alert(1) <b>x</b>' }]);
  });
});
