// Fakes of `convex/react` and `@convex-dev/auth/react` for the app-shell tests.
// Test files wire them with:
//   vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
//   vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);
import { getFunctionName, type FunctionReference } from "convex/server";
import { vi } from "vitest";
import type { Profile } from "../../../src/lib/profile";

const PRESENCE_TOKENS = { roomToken: "room", sessionToken: "t1" };

export const fake = {
  auth: { isLoading: false, isAuthenticated: false },
  /** What api.users.me returns: undefined = still loading. */
  me: undefined as Profile | null | undefined,
  /** Other query results by function name ("outbox:list"). */
  queries: {} as Record<string, unknown>,
  /** The arguments each query was last asked with, by function name. */
  queryArgs: {} as Record<string, unknown>,
  signOut: vi.fn(async () => undefined),
  signIn: vi.fn(async () => ({ signingIn: false })),
  mutation: vi.fn(async () => null),
  /** The presence bar's heartbeat and disconnect (every page with a PresenceBar calls them). */
  presence: vi.fn(async (..._args: unknown[]): Promise<unknown> => PRESENCE_TOKENS),
  /** `useConvex().query(ref, args)`: the lists' id pages and export rows. */
  clientQuery: vi.fn(async (..._args: unknown[]): Promise<unknown> => null),
  /** What useConvexConnectionState returns (connected by default). */
  connection: connectedState(),
};

export function connectedState() {
  return {
    hasInflightRequests: false,
    isWebSocketConnected: true,
    timeOfOldestInflightRequest: null as Date | null,
    hasEverConnected: true,
    connectionCount: 1,
    connectionRetries: 0,
    inflightMutations: 0,
    inflightActions: 0,
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: "users_1" as Profile["_id"],
    email: "member@example.com",
    phone: null,
    fullName: "Mia Member",
    avatarUrl: null,
    role: "influencer",
    isBusinessUser: false,
    isAdminInfluencer: false,
    referralCode: "MIA12345",
    emailVerified: true,
    lastActiveAt: null,
    createdAt: 0,
    ...overrides,
  } as Profile;
}

// A signed-in browser holds Convex Auth's token (src/lib/authState hasStoredSession): without one
// a visitor's landing page renders before the Convex layer, whatever the fake auth state says.
const STORED_TOKEN_KEY = "__convexAuthJWT_fake";

export function signedOut() {
  fake.auth = { isLoading: false, isAuthenticated: false };
  fake.me = null;
  localStorage.removeItem(STORED_TOKEN_KEY);
}

export function signedIn(profile: Profile | null = makeProfile()) {
  fake.auth = { isLoading: false, isAuthenticated: true };
  fake.me = profile;
  localStorage.setItem(STORED_TOKEN_KEY, "jwt");
}

/** A browser with a stored session whose sign-in state is still initialising. */
export function authLoading() {
  fake.auth = { isLoading: true, isAuthenticated: false };
  localStorage.setItem(STORED_TOKEN_KEY, "jwt");
}

/** Signed in, with api.users.me still on its way. */
export function signedInProfileLoading() {
  signedIn(undefined as unknown as Profile);
  fake.me = undefined;
}

export function resetFakes() {
  signedOut();
  fake.queries = {};
  fake.queryArgs = {};
  fake.signOut.mockReset().mockResolvedValue(undefined);
  fake.signIn.mockReset().mockResolvedValue({ signingIn: false });
  fake.mutation.mockReset().mockResolvedValue(null);
  fake.presence.mockReset().mockResolvedValue(PRESENCE_TOKENS);
  fake.clientQuery.mockReset().mockResolvedValue(null);
  fake.connection = connectedState();
}

const EMPTY_PAGE = { page: [], isDone: true, continueCursor: "" };

export const PERSONAL_WORKSPACE = { _id: "ws_personal", name: "Personal", kind: "personal", role: "owner", verifiedName: null } as const;
export const BUSINESS_WORKSPACE = { _id: "ws_business", name: "Mia's Shop", kind: "business", role: "owner", verifiedName: null } as const;
const workspaceLists = new Map<string, unknown[]>();

/** A signed-in user's workspaces unless a test sets `workspaces:listMine`: personal, and a business one with the flag. */
function defaultWorkspaces() {
  if (!fake.auth.isAuthenticated) return undefined;
  const key = fake.me?.isBusinessUser ? "business" : "personal";
  if (!workspaceLists.has(key)) workspaceLists.set(key, key === "business" ? [PERSONAL_WORKSPACE, BUSINESS_WORKSPACE] : [PERSONAL_WORKSPACE]);
  return workspaceLists.get(key);
}
const pages = new WeakMap<unknown[], unknown>();

export const convexReactModule = {
  // The app's client (src/lib/convexClient) and a provider of it: nothing to connect to here.
  ConvexReactClient: class {},
  ConvexProvider: ({ children }: { children: unknown }) => children,
  useConvexAuth: () => fake.auth,
  useQuery: (query: FunctionReference<"query">, args?: unknown) => {
    if (args === "skip") return undefined;
    const name = getFunctionName(query);
    fake.queryArgs[name] = args;
    const value = name === "users:me" ? fake.me : name === "workspaces:listMine" ? (fake.queries[name] ?? defaultWorkspaces()) : fake.queries[name];
    // A page of a paginated query (page navigation): the listed items, as the only page.
    const paged = typeof args === "object" && args !== null && "paginationOpts" in args;
    if (paged && value === undefined) return EMPTY_PAGE;
    if (paged && Array.isArray(value)) {
      // One stable object per list, as Convex's useQuery keeps its result between renders.
      if (!pages.has(value)) pages.set(value, { page: value, isDone: true, continueCursor: "" });
      return pages.get(value);
    }
    return value;
  },
  // Imperative calls (select all matching, export): answered from `fake.clientQuery`.
  useConvex: () => ({ query: fake.clientQuery }),
  useMutation: (fn: FunctionReference<"mutation">) => (getFunctionName(fn).startsWith("presence:") ? fake.presence : fake.mutation),
  // Paginated lists: `fake.queries[name]` holds the loaded items (default none, fully loaded).
  usePaginatedQuery: (query: FunctionReference<"query">, args?: unknown) => {
    const items = args === "skip" ? undefined : fake.queries[getFunctionName(query)];
    return { results: Array.isArray(items) ? items : [], status: "Exhausted", isLoading: false, loadMore: () => {} };
  },
  useAction: () => fake.mutation,
  useConvexConnectionState: () => fake.connection,
};

export const convexAuthModule = {
  useAuthActions: () => ({ signIn: fake.signIn, signOut: fake.signOut }),
  useAuthToken: () => (fake.auth.isAuthenticated ? "fake-token" : null),
  ConvexAuthProvider: ({ children }: { children: unknown }) => children,
};
