import { describe, expect, it } from 'vitest';
import { searchKeyAction } from './selection';
import { isSearchShortcut } from './shortcut';

describe('searchKeyAction', () => {
  it('moves down and up through the options, wrapping at both ends', () => {
    expect(searchKeyAction('ArrowDown', -1, 3)).toEqual({ type: 'move', active: 0 });
    expect(searchKeyAction('ArrowDown', 0, 3)).toEqual({ type: 'move', active: 1 });
    expect(searchKeyAction('ArrowDown', 2, 3)).toEqual({ type: 'move', active: 0 });
    expect(searchKeyAction('ArrowUp', -1, 3)).toEqual({ type: 'move', active: 2 });
    expect(searchKeyAction('ArrowUp', 0, 3)).toEqual({ type: 'move', active: 2 });
    expect(searchKeyAction('ArrowUp', 2, 3)).toEqual({ type: 'move', active: 1 });
    expect(searchKeyAction('Home', 2, 3)).toEqual({ type: 'move', active: 0 });
    expect(searchKeyAction('End', 0, 3)).toEqual({ type: 'move', active: 2 });
  });

  it('recovers when the list shrank under the highlight', () => {
    expect(searchKeyAction('ArrowDown', 7, 3)).toEqual({ type: 'move', active: 0 });
    expect(searchKeyAction('ArrowUp', 7, 3)).toEqual({ type: 'move', active: 2 });
    expect(searchKeyAction('Enter', 7, 3)).toEqual({ type: 'none' });
  });

  it('does nothing with arrows when there is nothing to choose', () => {
    for (const key of ['ArrowDown', 'ArrowUp', 'Home', 'End', 'Enter']) expect(searchKeyAction(key, -1, 0)).toEqual({ type: 'none' });
  });

  it('opens the highlighted option with Enter and closes with Escape', () => {
    expect(searchKeyAction('Enter', 1, 3)).toEqual({ type: 'open', index: 1 });
    expect(searchKeyAction('Enter', -1, 3)).toEqual({ type: 'none' });
    expect(searchKeyAction('Escape', 1, 3)).toEqual({ type: 'close' });
    expect(searchKeyAction('a', 1, 3)).toEqual({ type: 'none' });
  });
});

describe('isSearchShortcut', () => {
  const key = (k: string, mods: Partial<KeyboardEvent> = {}, target: EventTarget | null = document.body) =>
    ({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target, ...mods }) as KeyboardEvent;

  it("opens on '/' and on Ctrl or Cmd + K", () => {
    expect(isSearchShortcut(key('/'))).toBe(true);
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true, shiftKey: true }))).toBe(true);
  });

  it('ignores other keys and modified slashes', () => {
    expect(isSearchShortcut(key('k'))).toBe(false);
    expect(isSearchShortcut(key('/', { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });

  it('never fires while the reader types in a field', () => {
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', '');
    const inEditable = document.createElement('span');
    editable.append(inEditable);
    for (const target of [input, area, select, editable, inEditable]) {
      expect(isSearchShortcut(key('/', {}, target))).toBe(false);
      expect(isSearchShortcut(key('k', { ctrlKey: true }, target))).toBe(false);
    }
    expect(isSearchShortcut(key('/', {}, document.createElement('button')))).toBe(true);
  });
});
