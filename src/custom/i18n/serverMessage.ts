import { messages, type MessageKey } from '../../domain/messages';
import type { Translate } from '../../../i18n/translate';

const KEY_OF_TEXT = new Map<string, MessageKey>(
  (Object.keys(messages) as MessageKey[]).map((key) => [messages[key], key]),
);

/** The server answers in English with the domain's texts; show them in the chosen language. */
export function translateServerMessage(message: string, t: Translate): string {
  const key = KEY_OF_TEXT.get(message);
  return key ? t(`rpa.messages.${key}`) : message;
}
