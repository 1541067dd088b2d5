import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import AdminPage from "../../src/features/admin/AdminPage";
import type { AdminUserRow, BusinessRequestRow } from "../../convex/lib/admin/rules";
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

describe("admin user table", () => {
  it("lists users; the admin's own row is read-only", () => {
    renderPage();
    const own = screen.getByRole("listitem", { name: "boss@example.com" });
    expect(within(own).getByText("You")).toBeInTheDocument();
    expect(within(own).getByRole("combobox", { name: "Role of boss@example.com" })).toBeDisabled();
    expect(within(own).getByRole("checkbox", { name: "Business features for boss@example.com" })).toBeDisabled();
    const mia = screen.getByRole("listitem", { name: "mia@example.com" });
    expect(within(mia).getByText("Mia Member")).toBeInTheDocument();
    expect(within(mia).getByRole("combobox", { name: "Role of mia@example.com" })).toBeEnabled();
  });

  it("changes role and flags through setUserAccess", async () => {
    renderPage();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role of mia@example.com" }), "moderator");
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

  it("says when a search finds nobody", async () => {
    fake.queries["adminPanel:listUsers"] = [];
    renderPage();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search users by email" }), "zed");
    expect(await screen.findByText("No users with an email starting “zed”.")).toBeInTheDocument();
  });
});
