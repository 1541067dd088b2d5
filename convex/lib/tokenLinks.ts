// Every link the app issues that carries a capability token (whoever holds the link may
// act on it), written once. src/app/routes.tsx routes the path ones, the server builds
// the links it sends from them, and bug reports redact their tokens in page URLs and
// console text, in the browser and again on the server (bugReports/redact.ts).
// A new kind of link goes here, or a triager reads its token. Tokens with a shape of their
// own are also redacted wherever they appear without their link: the signed links' tokens
// (LINK_TOKEN_BYTES below), sticker codes (assets/serial.ts: an unclaimed one claims the item)
// and @convex-dev/auth's refresh tokens.

type TokenLink = {
  /** The route; `:token` marks the path segment that is the capability. */
  path: string;
  /** Or the query (or hash) parameter that carries it. */
  param?: string;
};

export const TOKEN_LINKS = {
  /** A contact agrees to be someone's next of kin. */
  nokConfirm: { path: "/nok/confirm/:token" },
  /** A contact confirms the owner has passed away (starts the release). */
  lapseConfirm: { path: "/legacy/confirm/:token" },
  /** A beneficiary's grant: opens the released will assets for months. */
  legacyGrant: { path: "/legacy/:token" },
  legacyGrantAsset: { path: "/legacy/:token/:assetId" },
  /** An e-mailed invitation to a workspace (one address, one use). */
  workspaceInvite: { path: "/invite/:token" },
  /** A workspace's join link: anyone holding it joins with its role until it expires. */
  workspaceJoin: { path: "/join/:token" },
  /** A borrower accepts lent items (signs with their typed name); shows their names and due date only. */
  loanAccept: { path: "/loan/:token" },
  /** Password reset (@convex-dev/auth's reset code). */
  passwordReset: { path: "/reset-password", param: "token" },
  /** E-mail verification, which also signs the new account in. */
  emailVerification: { path: "/auth/callback", param: "code" },
  /** The local backend's dev inbox (#key=…): every reset link and sign-in code. */
  devOutbox: { path: "/dev/outbox", param: "key" },
  /** A stored file: on Convex the id in the path is the capability; locally a signed ?token=. */
  storageFile: { path: "/api/storage/:token", param: "token" },
} as const satisfies Record<string, TokenLink>;

/** `path` with its `:params` filled in, each URL-encoded ("/legacy/:token" → "/legacy/abc.def"). */
export function tokenPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs :${name}`);
    return encodeURIComponent(value);
  });
}

/** The signed links' tokens (signedLinks.ts): this many random bytes, then a SHA-256 HMAC, base64url. */
export const LINK_TOKEN_BYTES = 24;
