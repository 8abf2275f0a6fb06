import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredData } from './useDeferredData';

/** Every render's (key, shown data), in order. */
function Probe({ k, data, seen }: { k: string; data: string | undefined; seen: [string, string | undefined][] }) {
  seen.push([k, useDeferredData(k, data)]);
  return null;
}

describe('useDeferredData', () => {
  it('shows an answer cached before the page mounted at once', () => {
    const seen: [string, string | undefined][] = [];
    render(<Probe k="7" data="seven" seen={seen} />);
    expect(seen[0]).toEqual(['7', 'seven']);
  });

  it('draws an arriving answer in a later render, keeping the skeleton in the blocking one', async () => {
    const seen: [string, string | undefined][] = [];
    const { rerender } = render(<Probe k="7" data={undefined} seen={seen} />);
    await act(async () => rerender(<Probe k="7" data="seven" seen={seen} />));
    const after = seen.slice(1);
    expect(after[0]).toEqual(['7', undefined]); // the blocking render: still the skeleton
    expect(after.at(-1)).toEqual(['7', 'seven']); // the deferred one
  });

  it('keeps the previous answer of the same query until the new one is drawn', async () => {
    const seen: [string, string | undefined][] = [];
    const { rerender } = render(<Probe k="7" data="old" seen={seen} />);
    await act(async () => rerender(<Probe k="7" data="new" seen={seen} />));
    expect(seen[1]).toEqual(['7', 'old']); // the blocking render keeps the drawn answer
    expect(seen.slice(1).map(([, d]) => d)).not.toContain(undefined);
    expect(seen.at(-1)).toEqual(['7', 'new']);
  });

  it("never shows another key's answer under the new key: the new key's cached one at once", async () => {
    const seen: [string, string | undefined][] = [];
    const { rerender } = render(<Probe k="7" data="seven" seen={seen} />);
    await act(async () => rerender(<Probe k="8" data="eight" seen={seen} />));
    const under8 = seen.filter(([k]) => k === '8').map(([, d]) => d);
    expect(under8[0]).toBe('eight');
    expect(under8).not.toContain('seven');
  });

  it('shows nothing under a new key whose answer is still on its way, then draws it deferred', async () => {
    const seen: [string, string | undefined][] = [];
    const { rerender } = render(<Probe k="7" data="seven" seen={seen} />);
    await act(async () => rerender(<Probe k="8" data={undefined} seen={seen} />));
    expect(seen.filter(([k]) => k === '8').map(([, d]) => d)).toEqual(seen.filter(([k]) => k === '8').map(() => undefined));
    const mark = seen.length;
    await act(async () => rerender(<Probe k="8" data="eight" seen={seen} />));
    expect(seen[mark]).toEqual(['8', undefined]); // the blocking render: still the skeleton
    expect(seen.at(-1)).toEqual(['8', 'eight']);
  });
});
