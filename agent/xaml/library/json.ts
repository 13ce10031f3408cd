import { fail, textOrEmpty, type Value } from '../dotnet';
import { tokenFromValue, tokenToType } from '../dotnet/jsonConvert';
import { parseJson } from '../dotnet/jsonParse';
import { writeJson } from '../dotnet/jtoken';

/**
 * DeserializeJson: JsonString read as JsonConvert.DeserializeObject(Of T) reads it, T being the
 * activity's TypeArgument (JObject by default; JArray, JToken, Object, Dictionary(Of K, V),
 * List(Of T), T[], DataTable, String, Int32, … as written in x:TypeArguments).
 */
export function deserializeJson(jsonString: Value, typeArgument = 'JObject'): Value {
  if (jsonString === null) fail('ArgumentNullException', "Value cannot be null. (Parameter 'value')");
  return tokenToType(parseJson(textOrEmpty(jsonString)), typeArgument);
}

/** SerializeJson: JsonConvert.SerializeObject(JsonObject), compact unless `indented`. */
export function serializeJson(jsonObject: Value, indented = false): string {
  return writeJson(tokenFromValue(jsonObject), indented);
}
