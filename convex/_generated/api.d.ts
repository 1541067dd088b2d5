/* eslint-disable */
/**
 * Generated `api` utility.
 *
 * THIS CODE IS AUTOMATICALLY GENERATED.
 *
 * To regenerate, run `npx convex dev`.
 * @module
 */

import type {
  ApiFromModules,
  FilterApi,
  FunctionReference,
} from "convex/server";
import type * as admin from "../admin.js";
import type * as auth from "../auth.js";
import type * as http from "../http.js";
import type * as lib_access from "../lib/access.js";
import type * as lib_authInput from "../lib/authInput.js";
import type * as lib_authMessages from "../lib/authMessages.js";
import type * as lib_constants from "../lib/constants.js";
import type * as lib_errors from "../lib/errors.js";
import type * as lib_outbound from "../lib/outbound.js";
import type * as lib_passwordProvider from "../lib/passwordProvider.js";
import type * as lib_profiles from "../lib/profiles.js";
import type * as lib_rateLimit from "../lib/rateLimit.js";
import type * as lib_roles from "../lib/roles.js";
import type * as lib_validators from "../lib/validators.js";
import type * as outbox from "../outbox.js";
import type * as passwordReset from "../passwordReset.js";
import type * as seed from "../seed.js";
import type * as users from "../users.js";

/**
 * A utility for referencing Convex functions in your app's API.
 *
 * Usage:
 * ```js
 * const myFunctionReference = api.myModule.myFunction;
 * ```
 */
declare const fullApi: ApiFromModules<{
  admin: typeof admin;
  auth: typeof auth;
  http: typeof http;
  "lib/access": typeof lib_access;
  "lib/authInput": typeof lib_authInput;
  "lib/authMessages": typeof lib_authMessages;
  "lib/constants": typeof lib_constants;
  "lib/errors": typeof lib_errors;
  "lib/outbound": typeof lib_outbound;
  "lib/passwordProvider": typeof lib_passwordProvider;
  "lib/profiles": typeof lib_profiles;
  "lib/rateLimit": typeof lib_rateLimit;
  "lib/roles": typeof lib_roles;
  "lib/validators": typeof lib_validators;
  outbox: typeof outbox;
  passwordReset: typeof passwordReset;
  seed: typeof seed;
  users: typeof users;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
