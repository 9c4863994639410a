import { useCallback, useRef } from 'react';

/**
 * One at a time: `run(work)` starts `work` unless an earlier one is still running, so a double
 * click sends one request (a mutation's isPending reaches the button only after React draws it
 * again, too late for the second click of a pair).
 */
export function useOneAtATime(): (work: () => Promise<void>) => void {
  const running = useRef(false);
  return useCallback((work) => {
    if (running.current) return;
    running.current = true;
    void work().finally(() => {
      running.current = false;
    });
  }, []);
}
