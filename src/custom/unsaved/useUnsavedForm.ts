import { useEffect } from 'react';
import { useUnsavedChanges } from './UnsavedContext';

/** Forms call this with their dirty state; leaving the page clears the flag. */
export function useUnsavedForm(isDirty: boolean): void {
  const { setDirty } = useUnsavedChanges();
  useEffect(() => {
    setDirty(isDirty);
  }, [isDirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);
}
