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
import type * as adminPanel from "../adminPanel.js";
import type * as assetFiles from "../assetFiles.js";
import type * as assets from "../assets.js";
import type * as auth from "../auth.js";
import type * as authFlows from "../authFlows.js";
import type * as bugReports from "../bugReports.js";
import type * as business from "../business.js";
import type * as businessRequests from "../businessRequests.js";
import type * as crons from "../crons.js";
import type * as dao from "../dao.js";
import type * as dashboard from "../dashboard.js";
import type * as http from "../http.js";
import type * as landingStats from "../landingStats.js";
import type * as legacy from "../legacy.js";
import type * as legacyLinks from "../legacyLinks.js";
import type * as lib_access from "../lib/access.js";
import type * as lib_adminPanelRules from "../lib/adminPanelRules.js";
import type * as lib_assetChains from "../lib/assetChains.js";
import type * as lib_assetDiff from "../lib/assetDiff.js";
import type * as lib_assetFileRules from "../lib/assetFileRules.js";
import type * as lib_assetList from "../lib/assetList.js";
import type * as lib_assetRead from "../lib/assetRead.js";
import type * as lib_assetRules from "../lib/assetRules.js";
import type * as lib_assetSeed from "../lib/assetSeed.js";
import type * as lib_assetSerial from "../lib/assetSerial.js";
import type * as lib_assetStore from "../lib/assetStore.js";
import type * as lib_assetValidators from "../lib/assetValidators.js";
import type * as lib_auth_attempts from "../lib/auth/attempts.js";
import type * as lib_auth_authTables from "../lib/auth/authTables.js";
import type * as lib_auth_emailIdentity from "../lib/auth/emailIdentity.js";
import type * as lib_auth_inviteLimits from "../lib/auth/inviteLimits.js";
import type * as lib_auth_lockout from "../lib/auth/lockout.js";
import type * as lib_auth_params from "../lib/auth/params.js";
import type * as lib_auth_phoneNumber from "../lib/auth/phoneNumber.js";
import type * as lib_auth_secrets from "../lib/auth/secrets.js";
import type * as lib_auth_sendLimits from "../lib/auth/sendLimits.js";
import type * as lib_authInput from "../lib/authInput.js";
import type * as lib_authMessages from "../lib/authMessages.js";
import type * as lib_bugReportHttp from "../lib/bugReportHttp.js";
import type * as lib_bugReportPayload from "../lib/bugReportPayload.js";
import type * as lib_bugReportRedact from "../lib/bugReportRedact.js";
import type * as lib_bugReportRules from "../lib/bugReportRules.js";
import type * as lib_constants from "../lib/constants.js";
import type * as lib_csvAssets from "../lib/csvAssets.js";
import type * as lib_csvFormat from "../lib/csvFormat.js";
import type * as lib_csvImport from "../lib/csvImport.js";
import type * as lib_daoRules from "../lib/daoRules.js";
import type * as lib_errors from "../lib/errors.js";
import type * as lib_fileUploadHttp from "../lib/fileUploadHttp.js";
import type * as lib_httpCors from "../lib/httpCors.js";
import type * as lib_ledger from "../lib/ledger.js";
import type * as lib_legacyEngine from "../lib/legacyEngine.js";
import type * as lib_legacyLog from "../lib/legacyLog.js";
import type * as lib_legacyRules from "../lib/legacyRules.js";
import type * as lib_legacyTables from "../lib/legacyTables.js";
import type * as lib_legacyTokens from "../lib/legacyTokens.js";
import type * as lib_newsData from "../lib/newsData.js";
import type * as lib_newsRules from "../lib/newsRules.js";
import type * as lib_newsSeed from "../lib/newsSeed.js";
import type * as lib_nokRules from "../lib/nokRules.js";
import type * as lib_outbound from "../lib/outbound.js";
import type * as lib_passwordProvider from "../lib/passwordProvider.js";
import type * as lib_passwordStrength from "../lib/passwordStrength.js";
import type * as lib_phoneProvider from "../lib/phoneProvider.js";
import type * as lib_profiles from "../lib/profiles.js";
import type * as lib_rateLimit from "../lib/rateLimit.js";
import type * as lib_referralApply from "../lib/referralApply.js";
import type * as lib_referralRules from "../lib/referralRules.js";
import type * as lib_referralValidators from "../lib/referralValidators.js";
import type * as lib_roles from "../lib/roles.js";
import type * as lib_totp from "../lib/totp.js";
import type * as lib_transferRules from "../lib/transferRules.js";
import type * as lib_validators from "../lib/validators.js";
import type * as lib_verifyActivity from "../lib/verifyActivity.js";
import type * as lib_verifyData from "../lib/verifyData.js";
import type * as lib_verifyEmail from "../lib/verifyEmail.js";
import type * as lib_verifyLimits from "../lib/verifyLimits.js";
import type * as lib_verifyRules from "../lib/verifyRules.js";
import type * as lib_verifyValidators from "../lib/verifyValidators.js";
import type * as lib_walletValidators from "../lib/walletValidators.js";
import type * as news from "../news.js";
import type * as nextOfKin from "../nextOfKin.js";
import type * as outbox from "../outbox.js";
import type * as passwordReset from "../passwordReset.js";
import type * as publicAssets from "../publicAssets.js";
import type * as referrals from "../referrals.js";
import type * as seed from "../seed.js";
import type * as sessions from "../sessions.js";
import type * as transfers from "../transfers.js";
import type * as twoFactor from "../twoFactor.js";
import type * as users from "../users.js";
import type * as verify from "../verify.js";
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
  adminPanel: typeof adminPanel;
  assetFiles: typeof assetFiles;
  assets: typeof assets;
  auth: typeof auth;
  authFlows: typeof authFlows;
  bugReports: typeof bugReports;
  business: typeof business;
  businessRequests: typeof businessRequests;
  crons: typeof crons;
  dao: typeof dao;
  dashboard: typeof dashboard;
  http: typeof http;
  landingStats: typeof landingStats;
  legacy: typeof legacy;
  legacyLinks: typeof legacyLinks;
  "lib/access": typeof lib_access;
  "lib/adminPanelRules": typeof lib_adminPanelRules;
  "lib/assetChains": typeof lib_assetChains;
  "lib/assetDiff": typeof lib_assetDiff;
  "lib/assetFileRules": typeof lib_assetFileRules;
  "lib/assetList": typeof lib_assetList;
  "lib/assetRead": typeof lib_assetRead;
  "lib/assetRules": typeof lib_assetRules;
  "lib/assetSeed": typeof lib_assetSeed;
  "lib/assetSerial": typeof lib_assetSerial;
  "lib/assetStore": typeof lib_assetStore;
  "lib/assetValidators": typeof lib_assetValidators;
  "lib/auth/attempts": typeof lib_auth_attempts;
  "lib/auth/authTables": typeof lib_auth_authTables;
  "lib/auth/emailIdentity": typeof lib_auth_emailIdentity;
  "lib/auth/inviteLimits": typeof lib_auth_inviteLimits;
  "lib/auth/lockout": typeof lib_auth_lockout;
  "lib/auth/params": typeof lib_auth_params;
  "lib/auth/phoneNumber": typeof lib_auth_phoneNumber;
  "lib/auth/secrets": typeof lib_auth_secrets;
  "lib/auth/sendLimits": typeof lib_auth_sendLimits;
  "lib/authInput": typeof lib_authInput;
  "lib/authMessages": typeof lib_authMessages;
  "lib/bugReportHttp": typeof lib_bugReportHttp;
  "lib/bugReportPayload": typeof lib_bugReportPayload;
  "lib/bugReportRedact": typeof lib_bugReportRedact;
  "lib/bugReportRules": typeof lib_bugReportRules;
  "lib/constants": typeof lib_constants;
  "lib/csvAssets": typeof lib_csvAssets;
  "lib/csvFormat": typeof lib_csvFormat;
  "lib/csvImport": typeof lib_csvImport;
  "lib/daoRules": typeof lib_daoRules;
  "lib/errors": typeof lib_errors;
  "lib/fileUploadHttp": typeof lib_fileUploadHttp;
  "lib/httpCors": typeof lib_httpCors;
  "lib/ledger": typeof lib_ledger;
  "lib/legacyEngine": typeof lib_legacyEngine;
  "lib/legacyLog": typeof lib_legacyLog;
  "lib/legacyRules": typeof lib_legacyRules;
  "lib/legacyTables": typeof lib_legacyTables;
  "lib/legacyTokens": typeof lib_legacyTokens;
  "lib/newsData": typeof lib_newsData;
  "lib/newsRules": typeof lib_newsRules;
  "lib/newsSeed": typeof lib_newsSeed;
  "lib/nokRules": typeof lib_nokRules;
  "lib/outbound": typeof lib_outbound;
  "lib/passwordProvider": typeof lib_passwordProvider;
  "lib/passwordStrength": typeof lib_passwordStrength;
  "lib/phoneProvider": typeof lib_phoneProvider;
  "lib/profiles": typeof lib_profiles;
  "lib/rateLimit": typeof lib_rateLimit;
  "lib/referralApply": typeof lib_referralApply;
  "lib/referralRules": typeof lib_referralRules;
  "lib/referralValidators": typeof lib_referralValidators;
  "lib/roles": typeof lib_roles;
  "lib/totp": typeof lib_totp;
  "lib/transferRules": typeof lib_transferRules;
  "lib/validators": typeof lib_validators;
  "lib/verifyActivity": typeof lib_verifyActivity;
  "lib/verifyData": typeof lib_verifyData;
  "lib/verifyEmail": typeof lib_verifyEmail;
  "lib/verifyLimits": typeof lib_verifyLimits;
  "lib/verifyRules": typeof lib_verifyRules;
  "lib/verifyValidators": typeof lib_verifyValidators;
  "lib/walletValidators": typeof lib_walletValidators;
  news: typeof news;
  nextOfKin: typeof nextOfKin;
  outbox: typeof outbox;
  passwordReset: typeof passwordReset;
  publicAssets: typeof publicAssets;
  referrals: typeof referrals;
  seed: typeof seed;
  sessions: typeof sessions;
  transfers: typeof transfers;
  twoFactor: typeof twoFactor;
  users: typeof users;
  verify: typeof verify;
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
