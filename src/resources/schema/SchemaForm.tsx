import { createContext, useCallback, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useUnsavedChanges } from '../../custom/unsaved/UnsavedContext';
import { useUnsavedForm } from '../../custom/unsaved/useUnsavedForm';
import { LabelledButton } from './LabelledButton';
import { SchemaFormFields } from './SchemaFormFields';
import type { FormMode, SchemaResource } from './types';

/**
 * Reports the form's dirty state to the unsaved-changes guard. By the fields
 * changed, as react-admin's own guard reads it: react-hook-form's `isDirty` also counts the
 * inputs registered without a default value, so an untouched create form would ask to discard.
 */
export const DirtyTracker = () => {
  const { dirtyFields } = useFormState();
  useUnsavedForm(Object.keys(dirtyFields).length > 0);
  return null;
};

type SaveBlock = { blocked: boolean; block: (who: string, blocked: boolean) => void };
const SaveBlockContext = createContext<SaveBlock>({ blocked: false, block: () => undefined });

/**
 * An input that knows its value cannot be saved (a workflow file the server refused, or one
 * still being read) keeps the form's Save disabled for as long as it says so.
 */
export function useBlockSave(blocked: boolean): void {
  const { block } = useContext(SaveBlockContext);
  const who = useId();
  useEffect(() => {
    block(who, blocked);
    return () => block(who, false);
  }, [block, who, blocked]);
}

/** Holds which inputs block Save; the toolbar reads it. */
const SaveBlockProvider = ({ children }: { children: ReactNode }) => {
  const [blockers, setBlockers] = useState<ReadonlySet<string>>(new Set());
  const block = useCallback((who: string, blocked: boolean) => {
    setBlockers((current) => {
      if (current.has(who) === blocked) return current;
      const next = new Set(current);
      if (blocked) next.add(who);
      else next.delete(who);
      return next;
    });
  }, []);
  return (
    <SaveBlockContext.Provider value={{ blocked: blockers.size > 0, block }}>{children}</SaveBlockContext.Provider>
  );
};

/**
 * Save, and Cancel back to where the form came from (asking first when something was typed).
 * A blank create form can be saved, to show what it needs; an edit only once something changed;
 * neither while an input blocks it (useBlockSave).
 */
export const FormToolbar = ({ cancelTo, alwaysEnable = false }: { cancelTo?: string; alwaysEnable?: boolean }) => {
  const { requestNavigation } = useUnsavedChanges();
  const { blocked } = useContext(SaveBlockContext);
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton alwaysEnable={alwaysEnable && !blocked} disabled={blocked} />
      {cancelTo && <LabelledButton label="ra.action.cancel" onClick={() => requestNavigation(cancelTo)} />}
    </Toolbar>
  );
};

/**
 * A create or edit form from the declaration, with the unsaved-changes guard; `children` are a
 * bespoke screen's own inputs, shown before the declared ones (the bot's workflow file).
 */
export const SchemaForm = ({
  resource,
  mode,
  cancelTo,
  defaultValues,
  children,
}: {
  resource: SchemaResource;
  mode: FormMode;
  cancelTo?: string;
  defaultValues?: Record<string, unknown>;
  children?: ReactNode;
}) => (
  <SaveBlockProvider>
    {/* noValidate: the browser's own bubbles (type=email, min, max) would cover the product's messages. */}
    <SimpleForm
      toolbar={<FormToolbar cancelTo={cancelTo} alwaysEnable={mode === 'create'} />}
      defaultValues={defaultValues}
      noValidate
    >
      <DirtyTracker />
      {children}
      <SchemaFormFields resource={resource} mode={mode} />
    </SimpleForm>
  </SaveBlockProvider>
);
