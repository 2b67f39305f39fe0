// Setup of the component tier (vitest.config.ts, project "component"): jest-dom's matchers
// (toBeVisible, toHaveAccessibleDescription, ...), a clean DOM, storage and fetch after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { getSessionStore } from '../lib/session';

afterEach(() => {
  cleanup();
  // The browser's session store is one per page: a test that signed in signs out.
  getSessionStore().signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
