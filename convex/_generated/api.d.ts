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
import type * as assetBulk from "../assetBulk.js";
import type * as assetFiles from "../assetFiles.js";
import type * as assets from "../assets.js";
import type * as auth from "../auth.js";
import type * as authFlows from "../authFlows.js";
import type * as bugReports from "../bugReports.js";
import type * as business from "../business.js";
import type * as businessRequests from "../businessRequests.js";
import type * as counts from "../counts.js";
import type * as crons from "../crons.js";
import type * as dao from "../dao.js";
import type * as dashboard from "../dashboard.js";
import type * as http from "../http.js";
import type * as imports from "../imports.js";
import type * as inventory from "../inventory.js";
import type * as labels from "../labels.js";
import type * as landingStats from "../landingStats.js";
import type * as legacy from "../legacy.js";
import type * as legacyLinks from "../legacyLinks.js";
import type * as lib_access from "../lib/access.js";
import type * as lib_admin_rules from "../lib/admin/rules.js";
import type * as lib_assets_bulk from "../lib/assets/bulk.js";
import type * as lib_assets_chains from "../lib/assets/chains.js";
import type * as lib_assets_changes from "../lib/assets/changes.js";
import type * as lib_assets_diff from "../lib/assets/diff.js";
import type * as lib_assets_fileRules from "../lib/assets/fileRules.js";
import type * as lib_assets_labels from "../lib/assets/labels.js";
import type * as lib_assets_list from "../lib/assets/list.js";
import type * as lib_assets_read from "../lib/assets/read.js";
import type * as lib_assets_rules from "../lib/assets/rules.js";
import type * as lib_assets_seed from "../lib/assets/seed.js";
import type * as lib_assets_serial from "../lib/assets/serial.js";
import type * as lib_assets_sorts from "../lib/assets/sorts.js";
import type * as lib_assets_store from "../lib/assets/store.js";
import type * as lib_assets_tables from "../lib/assets/tables.js";
import type * as lib_assets_tagging from "../lib/assets/tagging.js";
import type * as lib_assets_transfers from "../lib/assets/transfers.js";
import type * as lib_assets_uploadHttp from "../lib/assets/uploadHttp.js";
import type * as lib_auth_authTables from "../lib/auth/authTables.js";
import type * as lib_auth_emailIdentity from "../lib/auth/emailIdentity.js";
import type * as lib_auth_input from "../lib/auth/input.js";
import type * as lib_auth_messages from "../lib/auth/messages.js";
import type * as lib_auth_params from "../lib/auth/params.js";
import type * as lib_auth_passwordProvider from "../lib/auth/passwordProvider.js";
import type * as lib_auth_passwordStrength from "../lib/auth/passwordStrength.js";
import type * as lib_auth_phoneNumber from "../lib/auth/phoneNumber.js";
import type * as lib_auth_phoneProvider from "../lib/auth/phoneProvider.js";
import type * as lib_auth_profiles from "../lib/auth/profiles.js";
import type * as lib_auth_providerIds from "../lib/auth/providerIds.js";
import type * as lib_auth_secrets from "../lib/auth/secrets.js";
import type * as lib_auth_totp from "../lib/auth/totp.js";
import type * as lib_bugReports_http from "../lib/bugReports/http.js";
import type * as lib_bugReports_payload from "../lib/bugReports/payload.js";
import type * as lib_bugReports_redact from "../lib/bugReports/redact.js";
import type * as lib_bugReports_rules from "../lib/bugReports/rules.js";
import type * as lib_constants from "../lib/constants.js";
import type * as lib_counts_aggregates from "../lib/counts/aggregates.js";
import type * as lib_counts_assetCounts from "../lib/counts/assetCounts.js";
import type * as lib_counts_names from "../lib/counts/names.js";
import type * as lib_counts_tally from "../lib/counts/tally.js";
import type * as lib_counts_triggers from "../lib/counts/triggers.js";
import type * as lib_csv_assets from "../lib/csv/assets.js";
import type * as lib_csv_format from "../lib/csv/format.js";
import type * as lib_csv_import from "../lib/csv/import.js";
import type * as lib_csv_plan from "../lib/csv/plan.js";
import type * as lib_csv_pool from "../lib/csv/pool.js";
import type * as lib_csv_pricing from "../lib/csv/pricing.js";
import type * as lib_csv_tables from "../lib/csv/tables.js";
import type * as lib_dao_rules from "../lib/dao/rules.js";
import type * as lib_errors from "../lib/errors.js";
import type * as lib_httpCors from "../lib/httpCors.js";
import type * as lib_inventory_stockGroups from "../lib/inventory/stockGroups.js";
import type * as lib_ledger from "../lib/ledger.js";
import type * as lib_legacy_beneficiaries from "../lib/legacy/beneficiaries.js";
import type * as lib_legacy_engine from "../lib/legacy/engine.js";
import type * as lib_legacy_log from "../lib/legacy/log.js";
import type * as lib_legacy_nokRules from "../lib/legacy/nokRules.js";
import type * as lib_legacy_rules from "../lib/legacy/rules.js";
import type * as lib_legacy_tables from "../lib/legacy/tables.js";
import type * as lib_legacy_tokens from "../lib/legacy/tokens.js";
import type * as lib_limits from "../lib/limits.js";
import type * as lib_news_data from "../lib/news/data.js";
import type * as lib_news_rules from "../lib/news/rules.js";
import type * as lib_news_seed from "../lib/news/seed.js";
import type * as lib_onboarding_rules from "../lib/onboarding/rules.js";
import type * as lib_outbound from "../lib/outbound.js";
import type * as lib_outboundHttp from "../lib/outboundHttp.js";
import type * as lib_payments_packs from "../lib/payments/packs.js";
import type * as lib_payments_provider from "../lib/payments/provider.js";
import type * as lib_referrals_apply from "../lib/referrals/apply.js";
import type * as lib_referrals_rules from "../lib/referrals/rules.js";
import type * as lib_referrals_shapes from "../lib/referrals/shapes.js";
import type * as lib_roles from "../lib/roles.js";
import type * as lib_stickers_limits from "../lib/stickers/limits.js";
import type * as lib_stickers_rules from "../lib/stickers/rules.js";
import type * as lib_twilioSignature from "../lib/twilioSignature.js";
import type * as lib_validators from "../lib/validators.js";
import type * as lib_verify_activity from "../lib/verify/activity.js";
import type * as lib_verify_api from "../lib/verify/api.js";
import type * as lib_verify_apiLimit from "../lib/verify/apiLimit.js";
import type * as lib_verify_apiRules from "../lib/verify/apiRules.js";
import type * as lib_verify_email from "../lib/verify/email.js";
import type * as lib_verify_openapi from "../lib/verify/openapi.js";
import type * as lib_verify_rules from "../lib/verify/rules.js";
import type * as lib_verify_tables from "../lib/verify/tables.js";
import type * as lib_wallet_tables from "../lib/wallet/tables.js";
import type * as lib_workspaces_policy from "../lib/workspaces/policy.js";
import type * as lib_workspaces_rules from "../lib/workspaces/rules.js";
import type * as lib_workspaces_store from "../lib/workspaces/store.js";
import type * as lib_workspaces_tables from "../lib/workspaces/tables.js";
import type * as lib_writes from "../lib/writes.js";
import type * as migrations from "../migrations.js";
import type * as news from "../news.js";
import type * as nextOfKin from "../nextOfKin.js";
import type * as onboarding from "../onboarding.js";
import type * as outbound from "../outbound.js";
import type * as outbox from "../outbox.js";
import type * as passwordReset from "../passwordReset.js";
import type * as publicAssets from "../publicAssets.js";
import type * as referrals from "../referrals.js";
import type * as seed from "../seed.js";
import type * as sessions from "../sessions.js";
import type * as stickers from "../stickers.js";
import type * as topUps from "../topUps.js";
import type * as transfers from "../transfers.js";
import type * as twoFactor from "../twoFactor.js";
import type * as users from "../users.js";
import type * as verify from "../verify.js";
import type * as verifyApi from "../verifyApi.js";
import type * as wallet from "../wallet.js";
import type * as workspaces from "../workspaces.js";

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
  assetBulk: typeof assetBulk;
  assetFiles: typeof assetFiles;
  assets: typeof assets;
  auth: typeof auth;
  authFlows: typeof authFlows;
  bugReports: typeof bugReports;
  business: typeof business;
  businessRequests: typeof businessRequests;
  counts: typeof counts;
  crons: typeof crons;
  dao: typeof dao;
  dashboard: typeof dashboard;
  http: typeof http;
  imports: typeof imports;
  inventory: typeof inventory;
  labels: typeof labels;
  landingStats: typeof landingStats;
  legacy: typeof legacy;
  legacyLinks: typeof legacyLinks;
  "lib/access": typeof lib_access;
  "lib/admin/rules": typeof lib_admin_rules;
  "lib/assets/bulk": typeof lib_assets_bulk;
  "lib/assets/chains": typeof lib_assets_chains;
  "lib/assets/changes": typeof lib_assets_changes;
  "lib/assets/diff": typeof lib_assets_diff;
  "lib/assets/fileRules": typeof lib_assets_fileRules;
  "lib/assets/labels": typeof lib_assets_labels;
  "lib/assets/list": typeof lib_assets_list;
  "lib/assets/read": typeof lib_assets_read;
  "lib/assets/rules": typeof lib_assets_rules;
  "lib/assets/seed": typeof lib_assets_seed;
  "lib/assets/serial": typeof lib_assets_serial;
  "lib/assets/sorts": typeof lib_assets_sorts;
  "lib/assets/store": typeof lib_assets_store;
  "lib/assets/tables": typeof lib_assets_tables;
  "lib/assets/tagging": typeof lib_assets_tagging;
  "lib/assets/transfers": typeof lib_assets_transfers;
  "lib/assets/uploadHttp": typeof lib_assets_uploadHttp;
  "lib/auth/authTables": typeof lib_auth_authTables;
  "lib/auth/emailIdentity": typeof lib_auth_emailIdentity;
  "lib/auth/input": typeof lib_auth_input;
  "lib/auth/messages": typeof lib_auth_messages;
  "lib/auth/params": typeof lib_auth_params;
  "lib/auth/passwordProvider": typeof lib_auth_passwordProvider;
  "lib/auth/passwordStrength": typeof lib_auth_passwordStrength;
  "lib/auth/phoneNumber": typeof lib_auth_phoneNumber;
  "lib/auth/phoneProvider": typeof lib_auth_phoneProvider;
  "lib/auth/profiles": typeof lib_auth_profiles;
  "lib/auth/providerIds": typeof lib_auth_providerIds;
  "lib/auth/secrets": typeof lib_auth_secrets;
  "lib/auth/totp": typeof lib_auth_totp;
  "lib/bugReports/http": typeof lib_bugReports_http;
  "lib/bugReports/payload": typeof lib_bugReports_payload;
  "lib/bugReports/redact": typeof lib_bugReports_redact;
  "lib/bugReports/rules": typeof lib_bugReports_rules;
  "lib/constants": typeof lib_constants;
  "lib/counts/aggregates": typeof lib_counts_aggregates;
  "lib/counts/assetCounts": typeof lib_counts_assetCounts;
  "lib/counts/names": typeof lib_counts_names;
  "lib/counts/tally": typeof lib_counts_tally;
  "lib/counts/triggers": typeof lib_counts_triggers;
  "lib/csv/assets": typeof lib_csv_assets;
  "lib/csv/format": typeof lib_csv_format;
  "lib/csv/import": typeof lib_csv_import;
  "lib/csv/plan": typeof lib_csv_plan;
  "lib/csv/pool": typeof lib_csv_pool;
  "lib/csv/pricing": typeof lib_csv_pricing;
  "lib/csv/tables": typeof lib_csv_tables;
  "lib/dao/rules": typeof lib_dao_rules;
  "lib/errors": typeof lib_errors;
  "lib/httpCors": typeof lib_httpCors;
  "lib/inventory/stockGroups": typeof lib_inventory_stockGroups;
  "lib/ledger": typeof lib_ledger;
  "lib/legacy/beneficiaries": typeof lib_legacy_beneficiaries;
  "lib/legacy/engine": typeof lib_legacy_engine;
  "lib/legacy/log": typeof lib_legacy_log;
  "lib/legacy/nokRules": typeof lib_legacy_nokRules;
  "lib/legacy/rules": typeof lib_legacy_rules;
  "lib/legacy/tables": typeof lib_legacy_tables;
  "lib/legacy/tokens": typeof lib_legacy_tokens;
  "lib/limits": typeof lib_limits;
  "lib/news/data": typeof lib_news_data;
  "lib/news/rules": typeof lib_news_rules;
  "lib/news/seed": typeof lib_news_seed;
  "lib/onboarding/rules": typeof lib_onboarding_rules;
  "lib/outbound": typeof lib_outbound;
  "lib/outboundHttp": typeof lib_outboundHttp;
  "lib/payments/packs": typeof lib_payments_packs;
  "lib/payments/provider": typeof lib_payments_provider;
  "lib/referrals/apply": typeof lib_referrals_apply;
  "lib/referrals/rules": typeof lib_referrals_rules;
  "lib/referrals/shapes": typeof lib_referrals_shapes;
  "lib/roles": typeof lib_roles;
  "lib/stickers/limits": typeof lib_stickers_limits;
  "lib/stickers/rules": typeof lib_stickers_rules;
  "lib/twilioSignature": typeof lib_twilioSignature;
  "lib/validators": typeof lib_validators;
  "lib/verify/activity": typeof lib_verify_activity;
  "lib/verify/api": typeof lib_verify_api;
  "lib/verify/apiLimit": typeof lib_verify_apiLimit;
  "lib/verify/apiRules": typeof lib_verify_apiRules;
  "lib/verify/email": typeof lib_verify_email;
  "lib/verify/openapi": typeof lib_verify_openapi;
  "lib/verify/rules": typeof lib_verify_rules;
  "lib/verify/tables": typeof lib_verify_tables;
  "lib/wallet/tables": typeof lib_wallet_tables;
  "lib/workspaces/policy": typeof lib_workspaces_policy;
  "lib/workspaces/rules": typeof lib_workspaces_rules;
  "lib/workspaces/store": typeof lib_workspaces_store;
  "lib/workspaces/tables": typeof lib_workspaces_tables;
  "lib/writes": typeof lib_writes;
  migrations: typeof migrations;
  news: typeof news;
  nextOfKin: typeof nextOfKin;
  onboarding: typeof onboarding;
  outbound: typeof outbound;
  outbox: typeof outbox;
  passwordReset: typeof passwordReset;
  publicAssets: typeof publicAssets;
  referrals: typeof referrals;
  seed: typeof seed;
  sessions: typeof sessions;
  stickers: typeof stickers;
  topUps: typeof topUps;
  transfers: typeof transfers;
  twoFactor: typeof twoFactor;
  users: typeof users;
  verify: typeof verify;
  verifyApi: typeof verifyApi;
  wallet: typeof wallet;
  workspaces: typeof workspaces;
}>;
export declare const api: FilterApi<
  typeof fullApi,
  FunctionReference<any, "public">
>;
export declare const internal: FilterApi<
  typeof fullApi,
  FunctionReference<any, "internal">
>;

export declare const components: {
  "rateLimiter": import("@convex-dev/rate-limiter/_generated/component.js").ComponentApi<"rateLimiter">;
  "resend": import("@convex-dev/resend/_generated/component.js").ComponentApi<"resend">;
  "twilio": import("@convex-dev/twilio/_generated/component.js").ComponentApi<"twilio">;
  "smsWorkpool": import("@convex-dev/workpool/_generated/component.js").ComponentApi<"smsWorkpool">;
  "importPool": import("@convex-dev/workpool/_generated/component.js").ComponentApi<"importPool">;
  "migrations": import("@convex-dev/migrations/_generated/component.js").ComponentApi<"migrations">;
  "usersByEmail": import("@convex-dev/aggregate/_generated/component.js").ComponentApi<"usersByEmail">;
  "verifications": import("@convex-dev/aggregate/_generated/component.js").ComponentApi<"verifications">;
  "articlesByState": import("@convex-dev/aggregate/_generated/component.js").ComponentApi<"articlesByState">;
  "bugReportsByStatus": import("@convex-dev/aggregate/_generated/component.js").ComponentApi<"bugReportsByStatus">;
  "businessRequestsByStatus": import("@convex-dev/aggregate/_generated/component.js").ComponentApi<"businessRequestsByStatus">;
  "assetCounts": import("@convex-dev/sharded-counter/_generated/component.js").ComponentApi<"assetCounts">;
};
