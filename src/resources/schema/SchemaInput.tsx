import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import type { FieldDef } from '../../domain/resource';
import { referenceSort, referenceText } from './defs';
import { useChoiceLabel, useFieldLabel } from './labels';
import type { SchemaInputProps } from './types';
import { validatorsFor } from './validators';

/** The API answers at most 100 rows a page: enough choices for a select, the rest by typing (q). */
export const CHOICES_PER_PAGE = 100;

export const choicesOf = (field: FieldDef) => (field.choices ?? []).map((value) => ({ id: value }));

/**
 * The schema's input for one field, by type: text, multi-line text, e-mail, phone, boolean,
 * numbers, dates, enum → select, reference → autocomplete over the target's list, references →
 * multi-select. Validation comes from the field's domain rules.
 */
export const SchemaInput = ({ def, name, mode }: SchemaInputProps) => {
  const field = def.fields[name];
  const label = useFieldLabel(def)(name);
  const choiceLabel = useChoiceLabel(def);
  const rules = validatorsFor(field);
  // An update may leave a secret empty (unchanged): it is checked only when something is typed.
  const validate: Validator[] =
    mode === 'edit' && field.secret
      ? [(value, all, props) => (value ? rules.map((v) => v(value, all, props)).find(Boolean) : undefined)]
      : rules;
  const common = {
    source: name,
    label,
    validate,
    // A create starts from the declared default; an edit from the record.
    defaultValue: mode === 'create' ? field.defaultValue : undefined,
  };
  // Write-only (an app password): typed, never shown; left empty on update, it stays as it is.
  if (field.secret) return <PasswordInput {...common} autoComplete="new-password" fullWidth />;
  switch (field.type) {
    case 'text':
      return <TextInput {...common} multiline minRows={3} fullWidth />;
    case 'email':
      return <TextInput {...common} type="email" fullWidth />;
    case 'phone':
      return <TextInput {...common} type="tel" fullWidth />;
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'integer':
      return <NumberInput {...common} step={1} min={field.min} max={field.max} />;
    case 'number':
      return <NumberInput {...common} min={field.min} max={field.max} />;
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'enum':
      return (
        <SelectInput
          {...common}
          choices={choicesOf(field)}
          optionText={(choice: { id: string | number }) => choiceLabel(name, choice.id)}
          emptyText={field.required ? undefined : 'ra.action.clear_input_value'}
        />
      );
    case 'reference':
      return (
        <ReferenceInput
          source={name}
          reference={field.reference ?? ''}
          sort={referenceSort(field.reference ?? '')}
          perPage={CHOICES_PER_PAGE}
        >
          <AutocompleteInput
            label={label}
            validate={validate}
            optionText={referenceText(field.reference ?? '')}
            fullWidth
          />
        </ReferenceInput>
      );
    case 'references':
      return (
        <ReferenceArrayInput
          source={name}
          reference={field.reference ?? ''}
          sort={referenceSort(field.reference ?? '')}
          perPage={CHOICES_PER_PAGE}
        >
          <AutocompleteArrayInput
            label={label}
            validate={validate}
            optionText={referenceText(field.reference ?? '')}
            fullWidth
          />
        </ReferenceArrayInput>
      );
    case 'json':
      return null;
    default:
      return <TextInput {...common} fullWidth />;
  }
};
