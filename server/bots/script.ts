import { PARAMETER_DIRECTIONS, type BotParameter } from '../../src/domain/declarations';

/**
 * A script bot (.js, .sh, .py, .ps1) declares its parameters in comments, one per line:
 * `@rpa-param <Name> [Type] [In|Out|InOut]` — e.g. `# @rpa-param in_Customer String` or
 * `// @rpa-param in_Count Int32 In`. Type defaults to String, direction to In. The agent gives
 * each value to the script as RPA_PARAM_<NAME> and in the RPA_PARAMS_FILE JSON file.
 */
const PARAM_LINE =
  /@rpa-param\s+([A-Za-z_][\w]{0,14})(?:\s+([A-Za-z][\w.]*(?:\([\w.,\s]*\))?))?(?:\s+(InOut|In|Out)\b)?/;

export function readScriptParameters(text: string): BotParameter[] {
  const parameters: BotParameter[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = PARAM_LINE.exec(line);
    if (!match) continue;
    const direction = PARAMETER_DIRECTIONS.find((d) => d === (match[3] ?? 'In')) ?? 'In';
    if (!parameters.some((p) => p.name === match[1]))
      parameters.push({ name: match[1], direction, type: match[2] ?? 'String' });
  }
  return parameters;
}
