// How Twilio signs the requests it makes to us (the X-Twilio-Signature header).
import { hmac } from "@oslojs/crypto/hmac";
import { SHA1 } from "@oslojs/crypto/sha1";
import { encodeBase64 } from "@oslojs/encoding";

/**
 * Twilio's X-Twilio-Signature: HMAC-SHA1 under the auth token of the URL it called
 * followed by every form field, sorted by name (a repeated one by its distinct values, sorted), as name + value.
 */
export function twilioSignature(authToken: string, url: string, form: URLSearchParams): string {
  const names = [...new Set(form.keys())].sort();
  const signed = url + names.map((name) => [...new Set(form.getAll(name))].sort().map((value) => name + value).join("")).join("");
  const encoder = new TextEncoder();
  return encodeBase64(hmac(SHA1, encoder.encode(authToken), encoder.encode(signed)));
}
