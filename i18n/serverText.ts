import { messages } from '../src/domain/messages';
import { resourceMessages } from '../src/domain/declarations/messages';

/**
 * The server answers in English with the domain's texts; each text's catalogue key, so that a
 * toast or a field error showing a server `message` reads in the chosen language.
 */
const KEY_OF_TEXT = new Map<string, string>([
  ...Object.entries(resourceMessages).map(([key, text]): [string, string] => [text, `rpa.resourceMessages.${key}`]),
  ...Object.entries(messages).map(([key, text]): [string, string] => [text, `rpa.messages.${key}`]),
]);

export const serverTextKey = (text: string): string | undefined => KEY_OF_TEXT.get(text);
