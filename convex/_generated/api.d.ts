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
import type * as bugReports from "../bugReports.js";
import type * as http from "../http.js";
import type * as lib_access from "../lib/access.js";
import type * as lib_adminPanelRules from "../lib/adminPanelRules.js";
import type * as lib_assetValidators from "../lib/assetValidators.js";
import type * as lib_authInput from "../lib/authInput.js";
import type * as lib_authMessages from "../lib/authMessages.js";
import type * as lib_bugReportHttp from "../lib/bugReportHttp.js";
import type * as lib_bugReportPayload from "../lib/bugReportPayload.js";
import type * as lib_bugReportRedact from "../lib/bugReportRedact.js";
import type * as lib_bugReportRules from "../lib/bugReportRules.js";
import type * as lib_constants from "../lib/constants.js";
import type * as lib_daoRules from "../lib/daoRules.js";
import type * as lib_errors from "../lib/errors.js";
import type * as lib_ledger from "../lib/ledger.js";
import type * as lib_newsData from "../lib/newsData.js";
import type * as lib_newsRules from "../lib/newsRules.js";
import type * as lib_newsSeed from "../lib/newsSeed.js";
import type * as lib_outbound from "../lib/outbound.js";
import type * as lib_passwordProvider from "../lib/passwordProvider.js";
import type * as lib_profiles from "../lib/profiles.js";
import type * as lib_rateLimit from "../lib/rateLimit.js";
import type * as lib_referralApply from "../lib/referralApply.js";
import type * as lib_referralRules from "../lib/referralRules.js";
import type * as lib_referralValidators from "../lib/referralValidators.js";
import type * as lib_roles from "../lib/roles.js";
import type * as lib_validators from "../lib/validators.js";
import type * as lib_verifyValidators from "../lib/verifyValidators.js";
import type * as lib_walletValidators from "../lib/walletValidators.js";
import type * as news from "../news.js";
import type * as outbox from "../outbox.js";
import type * as passwordReset from "../passwordReset.js";
import type * as referrals from "../referrals.js";
import type * as seed from "../seed.js";
import type * as users from "../users.js";
import type * as wallet from "../wallet.js";

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
  bugReports: typeof bugReports;
  http: typeof http;
  "lib/access": typeof lib_access;
  "lib/adminPanelRules": typeof lib_adminPanelRules;
  "lib/assetValidators": typeof lib_assetValidators;
  "lib/authInput": typeof lib_authInput;
  "lib/authMessages": typeof lib_authMessages;
  "lib/bugReportHttp": typeof lib_bugReportHttp;
  "lib/bugReportPayload": typeof lib_bugReportPayload;
  "lib/bugReportRedact": typeof lib_bugReportRedact;
  "lib/bugReportRules": typeof lib_bugReportRules;
  "lib/constants": typeof lib_constants;
  "lib/daoRules": typeof lib_daoRules;
  "lib/errors": typeof lib_errors;
  "lib/ledger": typeof lib_ledger;
  "lib/newsData": typeof lib_newsData;
  "lib/newsRules": typeof lib_newsRules;
  "lib/newsSeed": typeof lib_newsSeed;
  "lib/outbound": typeof lib_outbound;
  "lib/passwordProvider": typeof lib_passwordProvider;
  "lib/profiles": typeof lib_profiles;
  "lib/rateLimit": typeof lib_rateLimit;
  "lib/referralApply": typeof lib_referralApply;
  "lib/referralRules": typeof lib_referralRules;
  "lib/referralValidators": typeof lib_referralValidators;
  "lib/roles": typeof lib_roles;
  "lib/validators": typeof lib_validators;
  "lib/verifyValidators": typeof lib_verifyValidators;
  "lib/walletValidators": typeof lib_walletValidators;
  news: typeof news;
  outbox: typeof outbox;
  passwordReset: typeof passwordReset;
  referrals: typeof referrals;
  seed: typeof seed;
  users: typeof users;
  wallet: typeof wallet;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;
