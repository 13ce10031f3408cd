import { cloneElement, type ReactElement } from 'react';
import { AutocompleteInput, DateTimeInput, ReferenceInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { filterFields, searchableFields, type ResourceDef } from '../../domain/resource';
import { canUserAccess } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';
import { referenceSort, referenceText } from './defs';
import { useChoiceLabel, useFieldLabel } from './labels';
import { CHOICES_PER_PAGE, choicesOf } from './SchemaInput';

const BOOLEAN_CHOICES = [
  { id: 'true', name: 'ra.boolean.true' },
  { id: 'false', name: 'ra.boolean.false' },
];

/**
 * The list filters of a declaration, all shown at once (as selects): a text
 * search over the searchable fields, enum → select, reference → autocomplete over the target's
 * names. A reference filter whose target the actor may not list is left out (a Customer Admin
 * has no Company filter: they see their own company only). Sources are the API's query names.
 */
export function useSchemaFilters(
  def: ResourceDef,
  exclude: readonly string[] = [],
  order?: readonly string[],
): ReactElement[] {
  const user = useSessionUser();
  const translate = useTranslate();
  const fieldLabel = useFieldLabel(def);
  // A filter may read differently from its field (users' "Groups" field filters by one "Group").
  const label = (name: string) => translate(`resources.${def.name}.filters.${name}`, { _: fieldLabel(name) });
  const choiceLabel = useChoiceLabel(def);
  const out: ReactElement[] = [];
  if (searchableFields(def).length > 0)
    out.push(<TextInput key="q" source="q" label="ra.action.search" alwaysOn resettable />);
  const declared = filterFields(def);
  for (const name of order ? order.filter((n) => declared.includes(n)) : declared) {
    const field = def.fields[name];
    const source = field.filterParam ?? name;
    if (exclude.includes(name) || exclude.includes(source)) continue;
    const common = { source, label: label(name), alwaysOn: true };
    switch (field.type) {
      case 'enum':
        out.push(
          <SelectInput
            key={source}
            {...common}
            choices={choicesOf(field)}
            optionText={(c: { id: string | number }) => choiceLabel(name, c.id)}
          />,
        );
        break;
      case 'boolean':
        out.push(<SelectInput key={source} {...common} choices={BOOLEAN_CHOICES} />);
        break;
      case 'reference':
      case 'references': {
        const reference = field.reference ?? '';
        if (!user || !canUserAccess(user, { action: 'list', resource: reference })) break;
        out.push(
          <ReferenceInput
            key={source}
            {...common}
            reference={reference}
            sort={referenceSort(reference)}
            perPage={CHOICES_PER_PAGE}
          >
            <AutocompleteInput label={label(name)} optionText={referenceText(reference)} sx={{ minWidth: 200 }} />
          </ReferenceInput>,
        );
        break;
      }
      default:
        out.push(<TextInput key={source} {...common} resettable />);
    }
  }
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.rangeFilter || exclude.includes(name)) continue;
    for (const source of [field.rangeFilter.from, field.rangeFilter.to])
      out.push(<DateTimeInput key={source} source={source} label={label(source)} alwaysOn parse={toInstant} />);
  }
  return out;
}

/** The input's local date and time (the browser's zone) as the ISO instant the API filters by. */
const toInstant = (value: string): string => {
  const at = new Date(value);
  return value === '' || Number.isNaN(at.getTime()) ? '' : at.toISOString();
};

/**
 * On a phone only the search stays open: the other filters wait behind Add filter (a list
 * toolbar's FilterButton), so the records are not pushed a screen down.
 */
export const phoneFilters = (filters: readonly ReactElement[]): ReactElement[] =>
  filters.map((filter) =>
    filter.key === 'q' ? filter : cloneElement(filter as ReactElement<{ alwaysOn?: boolean }>, { alwaysOn: false }),
  );
