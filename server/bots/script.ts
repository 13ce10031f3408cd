import { PARAMETER_DIRECTIONS, type BotParameter } from '../../src/domain/declarations';
import { STARTS_WITH_1 } from './xaml';

/**
 * A script bot (.js, .sh, .py, .ps1) declares its parameters in comments, one per line:
 * `@rpa-param <Name> [Type] [In|Out|InOut] [startsWith1]` — e.g. `# @rpa-param in_Customer String`,
 * `// @rpa-param in_Count Int32 In` or `# @rpa-param in_Code String startsWith1` (its value must
 * start with 1). Type defaults to String, direction to In. The agent gives
 * each value to the script as RPA_PARAM_<NAME> and in the RPA_PARAMS_FILE JSON file.
 */
const PARAM_LINE =
  /@rpa-param\s+([A-Za-z_][\w]{0,14})(?:\s+([A-Za-z][\w.]*(?:\([\w.,\s]*\))?))?(?:\s+(InOut|In|Out)\b)?/;

export function readScriptParameters(text: string): BotParameter[] {
  const parameters: BotParameter[] = [];
  for (const line of text.split(/\r?\n/)) {
    const start = line.indexOf('@rpa-param');
    if (start < 0) continue;
    // The option is a word of its own after the name: taken out before the type is read.
    const declaration = line.slice(start);
    const startsWith1 = STARTS_WITH_1.test(declaration.replace(/^@rpa-param\s+\S+/, ''));
    const match = PARAM_LINE.exec(startsWith1 ? declaration.replace(/\bstartsWith1\b/g, ' ') : declaration);
    if (!match) continue;
    const direction = PARAMETER_DIRECTIONS.find((d) => d === (match[3] ?? 'In')) ?? 'In';
    if (!parameters.some((p) => p.name === match[1]))
      parameters.push({
        name: match[1],
        direction,
        type: match[2] ?? 'String',
        ...(startsWith1 ? { startsWith1 } : {}),
      });
  }
  return parameters;
}
