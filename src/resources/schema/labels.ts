import { useCallback } from 'react';
import { useGetResourceLabel, useTranslate } from 'react-admin';
import type { ResourceDef } from '../../domain/resource';

/** `companyId` → "Company", `createdAt` → "Created at": the label of a field no catalogue names yet. */
export function humanize(name: string): string {
  const words = name
    .replace(/Ids?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  const text = words || name;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const fieldLabelKey = (def: Pick<ResourceDef, 'name'>, field: string) => `resources.${def.name}.fields.${field}`;
export const choiceLabelKey = (def: Pick<ResourceDef, 'name'>, field: string, value: string | number) =>
  `resources.${def.name}.choices.${field}.${value}`;

/** Labels from i18n `resources.<name>.fields.<field>`, humanized when a resource has none yet. */
export function useFieldLabel(def: Pick<ResourceDef, 'name'>): (field: string) => string {
  const translate = useTranslate();
  return useCallback((field) => translate(fieldLabelKey(def, field), { _: humanize(field) }), [translate, def]);
}

/** Enum values from i18n `resources.<name>.choices.<field>.<value>`, the value itself otherwise. */
export function useChoiceLabel(def: Pick<ResourceDef, 'name'>): (field: string, value: unknown) => string {
  const translate = useTranslate();
  return useCallback(
    (field, value) => {
      if (value === null || value === undefined || value === '') return '';
      const raw = typeof value === 'string' || typeof value === 'number' ? value : String(value);
      // Lower-case words read better capitalised; codes (INR) and proper words (Monthly) stay as they are.
      const fallback = typeof raw === 'string' && /^[a-z]/.test(raw) ? humanize(raw) : String(raw);
      return translate(choiceLabelKey(def, field, raw), { _: fallback });
    },
    [translate, def],
  );
}

/** A resource's own text (`resources.<name>.<key>`) or the generic one (`rpa.schema.<key>`) with its name in it. */
export function useResourceText(
  def: Pick<ResourceDef, 'name'>,
): (key: string, args?: Record<string, unknown>) => string {
  const translate = useTranslate();
  const resourceLabel = useGetResourceLabel();
  return useCallback(
    (key, args = {}) => {
      const plural = resourceLabel(def.name, 2);
      const singular = resourceLabel(def.name, 1);
      const generic = translate(`rpa.schema.${key}`, {
        name: plural.toLowerCase(),
        Name: plural,
        singular,
        ...args,
        _: key,
      });
      return translate(`resources.${def.name}.${key}`, { ...args, _: generic });
    },
    [translate, resourceLabel, def],
  );
}
