import { createContext, useContext } from 'react';

export interface UnsavedChanges {
  /** True while a form of the page has unsaved input. */
  dirty: boolean;
  /** Set or change the flag (forms call it with their dirty state). */
  setDirty: (dirty: boolean) => void;
  /** Clear the flag (after a save, a discard, or when the session expires). */
  reset: () => void;
  /** Navigate, or first ask "Discard changes?" when a form is dirty. */
  requestNavigation: (to: string) => void;
}

const noop = () => undefined;
export const UnsavedChangesContext = createContext<UnsavedChanges>({
  dirty: false,
  setDirty: noop,
  reset: noop,
  requestNavigation: noop,
});

export const useUnsavedChanges = (): UnsavedChanges => useContext(UnsavedChangesContext);
