import { useEffect, useState, type ComponentType } from 'react';

type ToasterProps = {
  position: 'top-right';
  containerStyle: { top: number };
  // A long word (a list's name, a part number) wraps inside the toast, never past a phone's edge.
  toastOptions: { duration: number; style: { overflowWrap: 'anywhere' } };
};

/**
 * The toasts' container (react-hot-toast), loaded just after the first paint rather than in the
 * first download: no toast is shown before a person acts. A toast asked for before it arrives
 * waits in react-hot-toast's store (one module, shared by every chunk) and shows when it mounts.
 */
export function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import('react-hot-toast').then(
      (module) => live && setToaster(() => module.Toaster),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return Toaster ? <Toaster {...props} /> : null;
}
