/**
 * The texts of the pop-ups about agents and runs, in English, with `%{name}` values: the live
 * notifications' texts (the web app writes them from a notification's type and status) and the
 * answers of the run routes (the server writes them). One wording for both sides: the web app
 * reads a server answer back into its key and values, and shows it in the chosen language.
 */
export const notificationTexts = {
  agentAdded: 'Agent %{deviceId} Added successfully',
  agentConnected: 'Agent %{deviceId} Connected',
  agentDisconnected: 'Agent %{deviceId} Disconnected successfully',
  processAdded: 'Process with Id %{id}... Added successfully',
  processRunning: 'Process with Id %{id}... Started Running',
  processExecuted: 'Process with Id %{id}... Completed Successfully',
  processFailed: 'Process with Id %{id}... Failed',
  processCanceled: 'Process with Id %{id}... Canceled',
  processAgentDisconnected: 'Process with Id %{id}... failed since agent is disconnected',
};

/** The answers of Cancel, bulk Cancel and Stop. A text with `||||` has a singular and a plural form. */
export const processMessages = {
  processCancelled: 'Process cancelled successfully!',
  processesCancelled:
    '%{smart_count} pending process cancelled successfully! |||| %{smart_count} pending processes cancelled successfully!',
  stopAsked: 'The agent was asked to stop the process.',
  onlyRunningStop: 'Only running processes can be stopped!',
  // A run's value that does not fit its argument's type (src/domain/parameterTypes.ts).
  parameterInteger: 'Only integer numbers are accepted for %{name}!',
  parameterNumber: 'Only numbers are accepted for %{name}!',
  parameterBoolean: 'Only true or false is accepted for %{name}!',
  parameterJson: 'The value of %{name} is not valid JSON!',
  parameterJsonArray: 'The value of %{name} must be a JSON array!',
  parameterJsonObject: 'The value of %{name} must be a JSON object!',
  parameterJsonTable: 'The value of %{name} must be a JSON array of rows (objects of column values)!',
  // A package's refusals of src/domain/botPackages.ts, read back here to be shown translated.
  packageNotZip: 'The package is not a readable zip file',
  packageBadProjectJson: 'project.json is not valid JSON',
  packageMainMissing: "The package's project.json names %{main} as its main workflow, and the package has no such file",
  packageNoMain: 'The package has no project.json and no Main.xaml at its root',
};

export type TemplateArgs = Record<string, string | number>;

/** The forms of a text: one, or the singular and the plural (polyglot's `||||`). */
export const formsOf = (template: string): string[] => template.split('||||').map((s) => s.trim());

/**
 * A text with its values, as the web app's catalogues write it: `%{name}` replaced, and of two
 * forms the singular when `smart_count` is 1.
 */
export function fillTemplate(template: string, args: TemplateArgs = {}): string {
  const forms = formsOf(template);
  const count = typeof args.smart_count === 'number' ? args.smart_count : 1;
  const form = forms.length > 1 && count !== 1 ? forms[1] : forms[0];
  return form.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in args ? String(args[name]) : whole));
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export type TemplateMatcher = (text: string) => TemplateArgs | undefined;

/**
 * A reader of the texts written from a template (the inverse of fillTemplate): their values, or
 * undefined for a text that is none of its forms. `smart_count` is read back as a number.
 */
export function templateMatcher(template: string): TemplateMatcher {
  const forms = formsOf(template).map((form) => {
    const names: string[] = [];
    const pattern = form
      .split(/(%\{\w+\})/)
      .map((part) => {
        const name = /^%\{(\w+)\}$/.exec(part)?.[1];
        if (name === undefined) return escapeRegExp(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { names, regexp: new RegExp(`^${pattern}$`, 's') };
  });
  return (text) => {
    for (const { names, regexp } of forms) {
      const found = regexp.exec(text);
      if (!found) continue;
      const args: TemplateArgs = {};
      names.forEach((name, i) => {
        const value = found[i + 1];
        args[name] = name === 'smart_count' && /^\d+$/.test(value) ? Number(value) : value;
      });
      return args;
    }
    return undefined;
  };
}
