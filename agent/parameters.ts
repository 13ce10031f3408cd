import { parameterEnvName, type RunParameter } from '../src/domain/agentProtocol';
import { decryptParameter } from '../src/domain/parameterCrypto';

export interface RunValues {
  /** `RPA_PARAM_<NAME>` for a script, encrypted values decrypted. */
  env: Record<string, string>;
  /** Name → clear value, for a workflow's arguments. */
  clear: Record<string, string>;
  /** What a script's parameters file holds: an encrypted value is named, never written. */
  publicParams: { name: string; value: string | null; encrypted: boolean }[];
}

/**
 * A run's parameters as the bot gets them: encrypted values decrypted in memory with the
 * company's key (base64), and only there.
 */
export function runParameters(parameters: readonly RunParameter[], key: string | null): RunValues {
  const env: Record<string, string> = {};
  const clear: Record<string, string> = {};
  const publicParams = parameters.map((p) => {
    if (!p.encrypted) {
      env[parameterEnvName(p.name)] = p.value;
      clear[p.name] = p.value;
      return { name: p.name, value: p.value, encrypted: false };
    }
    if (!key) throw new Error(`The parameter ${p.name} is encrypted and this agent has no key for it`);
    let value: string;
    try {
      value = decryptParameter(p.value, key);
    } catch {
      throw new Error(`The parameter ${p.name} cannot be decrypted with the company's key`);
    }
    env[parameterEnvName(p.name)] = value;
    clear[p.name] = value;
    return { name: p.name, value: null, encrypted: true };
  });
  return { env, clear, publicParams };
}
