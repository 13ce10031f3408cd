import { maxLength, maxValue, minValue, type Validator } from 'react-admin';
import { check, required, type Rule } from '../../domain';
import type { FieldDef } from '../../domain/resource';
import { raRules } from '../../custom/validation/raValidators';

/**
 * A field's validation from its declaration, as the server checks it: the domain rules
 * (messages `rpa.messages.<key>`), "required" when the rules do not ask for a value already,
 * and the bounds of the API schema.
 */
export function validatorsFor(field: FieldDef): Validator[] {
  const rules: Rule[] = [...(field.rules ?? [])];
  if (field.required && field.type !== 'boolean' && check(undefined, rules) === undefined)
    rules.unshift(required('fieldRequired'));
  const out: Validator[] = [];
  // react-admin marks a label with * when a validator says it is the required one.
  if (rules.length > 0) out.push(field.required ? Object.assign(raRules(rules), { isRequired: true }) : raRules(rules));
  if (field.min !== undefined) out.push(minValue(field.min));
  if (field.max !== undefined) out.push(maxValue(field.max));
  if (field.maxLength !== undefined && !field.rules) out.push(maxLength(field.maxLength));
  return out;
}
