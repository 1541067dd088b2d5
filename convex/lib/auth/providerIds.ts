// The sign-in providers' ids, as stored in authAccounts.provider.
export const PASSWORD_PROVIDER_ID = "password";
export const PHONE_PROVIDER_ID = "phone";
