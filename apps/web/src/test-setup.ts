import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// Radix measures its pop-ups; jsdom has no layout.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// jsdom has no layout, so nothing scrolls; the job lists still ask their scroll boxes to.
HTMLElement.prototype.scrollTo ??= () => {};

// Every test starts from an empty page: nothing rendered or stored, no toast, no stubbed global or
// spy left over.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
