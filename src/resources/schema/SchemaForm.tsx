import type { ReactNode } from 'react';
import { Button, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { useUnsavedChanges } from '../../custom/unsaved/UnsavedContext';
import { useUnsavedForm } from '../../custom/unsaved/useUnsavedForm';
import { SchemaFormFields } from './SchemaFormFields';
import type { FormMode, SchemaResource } from './types';

/**
 * Reports the form's dirty state to the unsaved-changes guard (spec §2, §4). By the fields
 * changed, as react-admin's own guard reads it: react-hook-form's `isDirty` also counts the
 * inputs registered without a default value, so an untouched create form would ask to discard.
 */
export const DirtyTracker = () => {
  const { dirtyFields } = useFormState();
  useUnsavedForm(Object.keys(dirtyFields).length > 0);
  return null;
};

/**
 * Save, and Cancel back to where the form came from (asking first when something was typed).
 * A blank create form can be saved, to show what it needs; an edit only once something changed.
 */
export const FormToolbar = ({ cancelTo, alwaysEnable = false }: { cancelTo?: string; alwaysEnable?: boolean }) => {
  const { requestNavigation } = useUnsavedChanges();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton alwaysEnable={alwaysEnable} />
      {cancelTo && <Button label="ra.action.cancel" onClick={() => requestNavigation(cancelTo)} />}
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
  <SimpleForm toolbar={<FormToolbar cancelTo={cancelTo} alwaysEnable={mode === 'create'} />} defaultValues={defaultValues}>
    <DirtyTracker />
    {children}
    <SchemaFormFields resource={resource} mode={mode} />
  </SimpleForm>
);
