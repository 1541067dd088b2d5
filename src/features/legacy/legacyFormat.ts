export const INVALID_LINK = "This link is invalid or has expired.";
