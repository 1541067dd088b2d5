import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AdminPage from "../../src/features/admin/AdminPage";
import type { AdminUserRow, BusinessRequestRow } from "../../convex/lib/admin/rules";
import { FORMER_MEMBER } from "../../convex/lib/privacy/rules";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

function user(id: string, email: string, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    _id: id as AdminUserRow["_id"],
    _creationTime: 0,
    email,
    phone: null,
    fullName: null,
    role: "influencer",
    isBusinessUser: false,
    isAdminInfluencer: false,
    lastActiveAt: null,
    erased: false,
    ...overrides,
  };
}


function renderPage() {
  return render(
    <MemoryRouter>
      <AdminPage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetFakes();
  signedIn(makeProfile({ _id: "users_admin" as never, role: "admin", email: "boss@example.com" }));
  fake.queries["adminPanel:listUsers"] = [
    user("users_admin", "boss@example.com", { role: "admin" }),
    user("users_mia", "mia@example.com", { fullName: "Mia Member" }),
  ];
  fake.queries["adminPanel:counts"] = {
    users: 2,
    assets: 12345,
    bugReports: 3,
    articles: 7,
    pendingRequests: 1,
  };
  const request: BusinessRequestRow = {
    _id: "req1" as BusinessRequestRow["_id"],
    userId: "users_mia" as BusinessRequestRow["userId"],
    email: "mia@example.com",
    fullName: "Mia Member",
    status: "pending",
    note: "A bike shop",
    createdAt: 0,
    decidedAt: null,
  };
  fake.queries["businessRequests:list"] = { pending: [request], decided: [] };
  fake.queries["adminPanel:auditLog"] = [
    { _id: "a1", _creationTime: 0, actor: "boss@example.com", target: "mia@example.com", changes: [{ field: "role", from: null, to: "moderator" }] },
  ];
});

describe("an erased account", () => {
  it("is listed as a Former member, never as “No email”, with nothing to change or run", () => {
    fake.queries["adminPanel:listUsers"] = [
      user("users_admin", "boss@example.com", { role: "admin" }),
      user("users_gone", "", { email: null, erased: true }),
    ];
    fake.queries["adminPanel:auditLog"] = [{ _id: "a1", _creationTime: 0, actor: "boss@example.com", target: FORMER_MEMBER, changes: [{ field: "role", from: null, to: "moderator" }] }];
    renderPage();
    expect(screen.queryByText("No email")).not.toBeInTheDocument();
    const gone = screen.getByRole("row", { name: new RegExp(FORMER_MEMBER) });
    expect(within(gone).getByText("Account erased")).toBeInTheDocument();
    expect(within(gone).getByRole("combobox", { name: `Role of ${FORMER_MEMBER}` })).toBeDisabled();
    expect(within(gone).getByRole("checkbox", { name: `Business features for ${FORMER_MEMBER}` })).toBeDisabled();
    expect(within(gone).queryByRole("button", { name: /export|delete/i })).not.toBeInTheDocument();
  });
});

describe("admin user table", () => {
  it("lists users; the admin's own row is read-only", () => {
    renderPage();
    const own = screen.getByRole("row", { name: /boss@example\.com/ });
    expect(within(own).getByText("You")).toBeInTheDocument();
    expect(within(own).getByRole("combobox", { name: "Role of boss@example.com" })).toBeDisabled();
    expect(within(own).getByRole("checkbox", { name: "Business features for boss@example.com" })).toBeDisabled();
    const mia = screen.getByRole("row", { name: /mia@example\.com/ });
    expect(within(mia).getByText("Mia Member")).toBeInTheDocument();
    expect(within(mia).getByRole("combobox", { name: "Role of mia@example.com" })).toBeEnabled();
  });

  it("changes role and flags through setUserAccess", async () => {
    renderPage();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role of mia@example.com" }), "moderator");
    // Asked first; Cancel sends nothing.
    expect(fake.mutation).not.toHaveBeenCalled();
    await userEvent.click(within(screen.getByRole("dialog", { name: "Change the role of mia@example.com to Moderator?" })).getByRole("button", { name: "Cancel" }));
    expect(fake.mutation).not.toHaveBeenCalled();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role of mia@example.com" }), "moderator");
    await userEvent.click(screen.getByRole("button", { name: "Change role" }));
    expect(fake.mutation).toHaveBeenLastCalledWith({ userId: "users_mia", role: "moderator" });
    await userEvent.click(screen.getByRole("checkbox", { name: "Business features for mia@example.com" }));
    expect(fake.mutation).toHaveBeenLastCalledWith({ userId: "users_mia", isBusinessUser: true });
    await userEvent.click(screen.getByRole("checkbox", { name: "Admin-influencer for mia@example.com" }));
    expect(fake.mutation).toHaveBeenLastCalledWith({ userId: "users_mia", isAdminInfluencer: true });
  });

  it("shows the exact counts, grouped", () => {
    renderPage();
    expect(screen.getByTestId("count-users")).toHaveTextContent("2");
    expect(screen.getByTestId("count-assets")).toHaveTextContent("12,345");
    expect(screen.getByTestId("count-articles")).toHaveTextContent("7");
  });

  it("grants a business request and shows the audit log", async () => {
    renderPage();
    const request = screen.getByRole("listitem", { name: "Request from mia@example.com" });
    expect(within(request).getByText("A bike shop")).toBeInTheDocument();
    await userEvent.click(within(request).getByRole("button", { name: "Grant" }));
    expect(fake.mutation).toHaveBeenLastCalledWith({ requestId: "req1", grant: true });
    const log = screen.getByRole("list", { name: "Audit log" });
    expect(log).toHaveTextContent("boss@example.com changed mia@example.com");
    expect(log).toHaveTextContent("Role: unset → moderator");
  });

  it("sorts by a column header (aria-sort follows) and shows the exact total and page count", async () => {
    fake.queries["adminPanel:userCount"] = 4002;
    renderPage();
    expect(screen.getByText("Showing 1–2 of 4,002 users")).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 161")).toBeInTheDocument();
    const joined = screen.getByRole("columnheader", { name: /Joined/ });
    expect(joined).toHaveAttribute("aria-sort", "descending");
    await userEvent.click(within(screen.getByRole("columnheader", { name: /User/ })).getByRole("button"));
    expect(screen.getByRole("columnheader", { name: /User/ })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByRole("columnheader", { name: /Joined/ })).toHaveAttribute("aria-sort", "none");
  });

  it("selects rows by click, shift-click and page; selects all matching through the id pages", async () => {
    fake.queries["adminPanel:listUsers"] = ["a", "b", "c", "d"].map((x) => user(`users_${x}`, `${x}@example.com`));
    fake.queries["adminPanel:userCount"] = 1500;
    fake.clientQuery.mockImplementation(async (_ref: unknown, args: unknown) => {
      const { cursor } = args as { cursor: string | null };
      const from = cursor === null ? 0 : 1000;
      const ids = Array.from({ length: cursor === null ? 1000 : 500 }, (_, i) => `users_${from + i}`);
      return { ids, continueCursor: "next", isDone: cursor !== null };
    });
    renderPage();
    const box = (x: string) => screen.getByRole("checkbox", { name: `Select ${x}@example.com` });
    const u = userEvent.setup();
    await u.click(box("a"));
    await u.keyboard("{Shift>}");
    await u.click(box("c"));
    await u.keyboard("{/Shift}");
    expect([box("a"), box("b"), box("c"), box("d")].map((b) => (b as HTMLInputElement).checked)).toEqual([true, true, true, false]);
    expect(screen.getByText("3 users selected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every row on this page" }));
    expect(screen.getByText("4 users selected")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Select all 1,500 matching" }));
    expect(await screen.findByText("1,500 users selected")).toBeInTheDocument();
    expect(fake.clientQuery).toHaveBeenCalledTimes(2);
  });

  it("says when a search finds nobody", async () => {
    fake.queries["adminPanel:listUsers"] = [];
    renderPage();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search users by email" }), "zed");
    expect(await screen.findByText("No users with an email starting “zed”.")).toBeInTheDocument();
  });
});
