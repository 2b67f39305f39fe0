import { describe, expect, it } from 'vitest';
import { tabKeyTarget, tabOrFirst } from './tab-keys';

describe('tabKeyTarget (the tabs pattern\'s arrow, Home and End keys)', () => {
  it('Right moves to the next tab and wraps from the last to the first', () => {
    expect(tabKeyTarget('ArrowRight', 0, 5)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 3, 5)).toBe(4);
    expect(tabKeyTarget('ArrowRight', 4, 5)).toBe(0);
  });

  it('Left moves to the previous tab and wraps from the first to the last', () => {
    expect(tabKeyTarget('ArrowLeft', 2, 5)).toBe(1);
    expect(tabKeyTarget('ArrowLeft', 0, 5)).toBe(4);
  });

  it('Home and End go to the first and the last tab from anywhere', () => {
    for (const index of [0, 2, 4]) {
      expect(tabKeyTarget('Home', index, 5)).toBe(0);
      expect(tabKeyTarget('End', index, 5)).toBe(4);
    }
  });

  it('a single tab stays where it is', () => {
    for (const key of ['ArrowRight', 'ArrowLeft', 'Home', 'End']) expect(tabKeyTarget(key, 0, 1)).toBe(0);
  });

  it('leaves every other key to the browser (Tab, Enter, Space, Up, Down, letters)', () => {
    for (const key of ['Tab', 'Enter', ' ', 'ArrowUp', 'ArrowDown', 'a', 'PageDown']) expect(tabKeyTarget(key, 1, 5)).toBeNull();
  });

  it('no tabs: no target', () => {
    expect(tabKeyTarget('ArrowRight', 0, 0)).toBeNull();
    expect(tabKeyTarget('Home', 0, 0)).toBeNull();
  });
});

describe('tabOrFirst (the tab a URL asks for)', () => {
  const ids = ['profile', 'password', 'email', 'retire'] as const;

  it('opens the requested tab when it exists', () => {
    expect(tabOrFirst(ids, 'password')).toBe('password');
    expect(tabOrFirst(ids, 'retire')).toBe('retire');
  });

  it('falls back to the first tab for no value, an unknown one or another spelling', () => {
    expect(tabOrFirst(ids, null)).toBe('profile');
    expect(tabOrFirst(ids, undefined)).toBe('profile');
    expect(tabOrFirst(ids, '')).toBe('profile');
    expect(tabOrFirst(ids, 'mobile')).toBe('profile');
    expect(tabOrFirst(ids, 'Password')).toBe('profile');
    expect(tabOrFirst(ids, '__proto__')).toBe('profile');
  });

  it('no tabs: nothing to open', () => {
    expect(tabOrFirst([], 'profile')).toBeUndefined();
  });
});
