import { serverText } from '../../../i18n/serverText';
import type { Translate } from '../../../i18n/translate';

/** The server answers in English with the domain's texts; show them in the chosen language. */
export function translateServerMessage(message: string, t: Translate): string {
  const found = serverText(message);
  return found ? t(found.key, found.args) : message;
}
