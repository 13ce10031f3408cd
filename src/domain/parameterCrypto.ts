import CryptoJS from 'crypto-js';

/**
 * Encrypted bot parameters: AES-256-CBC (crypto-js) with a random 16-byte IV under the
 * company's parameter key (32 random bytes made by the server, base64). The browser encrypts,
 * the server stores and forwards the ciphertext, and only the agent decrypts, in memory.
 * Stored form: `aes:<iv base64>:<ciphertext base64>`.
 */
const PREFIX = 'aes:';

const keyOf = (keyBase64: string): CryptoJS.lib.WordArray => {
  const key = CryptoJS.enc.Base64.parse(keyBase64);
  if (key.sigBytes !== 32) throw new Error('A parameter key is 32 bytes (base64).');
  return key;
};

export function encryptParameter(value: string, keyBase64: string): string {
  const iv = CryptoJS.lib.WordArray.random(16);
  const encrypted = CryptoJS.AES.encrypt(value, keyOf(keyBase64), { iv });
  return `${PREFIX}${CryptoJS.enc.Base64.stringify(iv)}:${CryptoJS.enc.Base64.stringify(encrypted.ciphertext)}`;
}

export const isEncryptedParameter = (value: string): boolean => /^aes:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/.test(value);

/** The clear value; throws when the value is not in the stored form or the key does not fit it. */
const wrongKey = () => new Error('The parameter key does not decrypt this value.');

export function decryptParameter(stored: string, keyBase64: string): string {
  if (!isEncryptedParameter(stored)) throw new Error('Not an encrypted parameter value.');
  const [ivText, cipherText] = stored.slice(PREFIX.length).split(':');
  const params = CryptoJS.lib.CipherParams.create({ ciphertext: CryptoJS.enc.Base64.parse(cipherText) });
  const clear = CryptoJS.AES.decrypt(params, keyOf(keyBase64), { iv: CryptoJS.enc.Base64.parse(ivText) });
  // A wrong key fails the padding check (negative length) or leaves bytes that are not UTF-8.
  if (clear.sigBytes < 0) throw wrongKey();
  try {
    return clear.toString(CryptoJS.enc.Utf8);
  } catch {
    throw wrongKey();
  }
}
