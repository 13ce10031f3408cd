import { messages } from '../src/domain/messages';
import { resourceMessages } from '../src/domain/declarations/messages';
import { notificationTexts, processMessages, templateMatcher, type TemplateArgs } from '../src/domain/liveMessages';

/**
 * The server answers in English with the domain's texts; each text's catalogue key, so that a
 * toast or a field error showing a server `message` reads in the chosen language.
 */
const KEY_OF_TEXT = new Map<string, string>([
  ...Object.entries(resourceMessages).map(([key, text]): [string, string] => [text, `rpa.resourceMessages.${key}`]),
  ...Object.entries(messages).map(([key, text]): [string, string] => [text, `rpa.messages.${key}`]),
]);

/** The texts written with values (a process's id, a count): read back into their key and values. */
const TEMPLATES = [
  ...Object.entries(notificationTexts).map(([key, text]) => ({
    key: `rpa.notifications.${key}`,
    match: templateMatcher(text),
  })),
  ...Object.entries(processMessages).map(([key, text]) => ({
    key: `rpa.processMessages.${key}`,
    match: templateMatcher(text),
  })),
];

export interface ServerText {
  key: string;
  args: TemplateArgs;
}

/** The catalogue key and values of a server text, or undefined for a text the catalogues do not hold. */
export function serverText(text: string): ServerText | undefined {
  const key = KEY_OF_TEXT.get(text);
  if (key) return { key, args: {} };
  // Every template has spaces and no catalogue key has one: most calls (react-admin's keys) stop here.
  if (!text.includes(' ')) return undefined;
  for (const template of TEMPLATES) {
    const args = template.match(text);
    if (args) return { key: template.key, args };
  }
  return undefined;
}

export const serverTextKey = (text: string): string | undefined => serverText(text)?.key;
