import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './page-error-boundary.tsx';

describe('isChunkLoadError', () => {
  it("knows each browser's words for a page's code that could not be fetched", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/blogs-1.js'))).toBe(true); // Chromium
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
  });

  it('does not take a render error for one', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadError('boom')).toBe(false);
  });
});
