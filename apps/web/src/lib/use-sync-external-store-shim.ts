// wouter imports useSyncExternalStore from the `use-sync-external-store` shim, written for React
// before 18; React 19 has its own. The build points the shim here (vite.config.ts): the same
// hook, without the shim's code in the first download.
export { useSyncExternalStore } from 'react';
