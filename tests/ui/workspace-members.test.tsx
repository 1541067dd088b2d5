// The workspace screens: members and invitations as each role sees them, the invitation page
// for visitors and members, and creating a workspace.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { WORKSPACE_MESSAGES } from "../../convex/lib/workspaces/rules";
import { WorkspaceSwitcher } from "../../src/app/WorkspaceSwitcher";
import { VerifiedNamesPanel } from "../../src/features/admin/VerifiedNamesPanel";
import InvitationPage from "../../src/features/workspaces/InvitationPage";
import MembersPage from "../../src/features/workspaces/MembersPage";
import WorkspacesPage from "../../src/features/workspaces/WorkspacesPage";
import { pendingInvitation } from "../../src/lib/pendingInvitation";
import { fake, makeProfile, resetFakes, signedIn } from "./app-support/fake-convex";

vi.mock("convex/react", async () => (await import("./app-support/fake-convex")).convexReactModule);
vi.mock("@convex-dev/auth/react", async () => (await import("./app-support/fake-convex")).convexAuthModule);

const WS = "ws1";
const TOKEN = "abc_DEF-123.sig_456-xyz";
const JOINED = Date.UTC(2025, 4, 14, 9, 30);

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

/** `path` in a router with the workspace screens; with `landing`, the members page is a marker of where one landed. */
function renderAt(path: string, { landing = false } = {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/workspaces" element={<WorkspacesPage />} />
        <Route path="/workspaces/:workspaceId/members" element={landing ? <Where /> : <MembersPage />} />
        <Route path="/invite/:token" element={<InvitationPage />} />
        <Route path="/join/:token" element={<InvitationPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const member = (name: string, role: string, isYou = false) => ({
  userId: `u_${name}`,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  joinedAt: JOINED,
  isYou,
});

function asRole(role: "owner" | "admin" | "editor" | "viewer") {
  fake.queries["workspaces:current"] = { _id: WS, name: "The Smiths", kind: "household", role, verifiedName: null };
  fake.queries["workspaceMembers:list"] = [
    member("Olive", "owner", role === "owner"),
    member("Adam", "admin", role === "admin"),
    member("Edie", "editor", role === "editor"),
    member("Vic", "viewer", role === "viewer"),
  ];
  fake.queries["workspaceMembers:invitations"] = [
    { _id: "i1", via: "email", email: "ann@example.com", role: "editor", invitedBy: "Olive", createdAt: JOINED, expiresAt: JOINED + 14 * 86_400_000 },
    { _id: "i2", via: "link", email: null, role: "viewer", invitedBy: "Adam", createdAt: JOINED, expiresAt: JOINED + 86_400_000 },
  ];
}

beforeEach(() => {
  resetFakes();
  signedIn();
  localStorage.clear();
});

describe("the members page", () => {
  it("shows a viewer the members and Leave, and no control that changes anything", () => {
    asRole("viewer");
    renderAt(`/workspaces/${WS}/members`);
    expect(screen.getByRole("heading", { level: 1, name: "The Smiths" })).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Members" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringContaining("Olive"),
      expect.stringContaining("Adam"),
      expect.stringContaining("Edie"),
      expect.stringContaining("Vic (you)"),
    ]);
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("button", { name: /Remove|Withdraw|Send invitation|Create join link|Rename/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Leave workspace" })).toBeInTheDocument();
  });

  it("lets an admin change roles below owner, without offering the owner role", async () => {
    asRole("admin");
    renderAt(`/workspaces/${WS}/members`);
    expect(screen.queryByRole("combobox", { name: "Role of Olive" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove Olive" })).toBeNull();
    const edie = screen.getByRole("combobox", { name: "Role of Edie" });
    expect(within(edie).getAllByRole("option").map((o) => o.textContent)).toEqual(["Admin", "Editor", "Viewer"]);
    await userEvent.selectOptions(edie, "viewer");
    const ask = screen.getByRole("dialog", { name: "Change the role of Edie to Viewer?" });
    expect(fake.mutation).not.toHaveBeenCalled();
    await userEvent.click(within(ask).getByRole("button", { name: "Change role" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS, userId: "u_Edie", role: "viewer" });
  });

  it("lets an owner give the owner role and remove a member after confirming", async () => {
    asRole("owner");
    renderAt(`/workspaces/${WS}/members`);
    const adam = screen.getByRole("combobox", { name: "Role of Adam" });
    expect(within(adam).getAllByRole("option").map((o) => o.textContent)).toEqual(["Owner", "Admin", "Editor", "Viewer"]);
    await userEvent.click(screen.getByRole("button", { name: "Remove Vic" }));
    const dialog = screen.getByRole("dialog", { name: "Remove Vic?" });
    expect(fake.mutation).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS, userId: "u_Vic" });
  });

  it("checks the address before inviting, then sends it with the chosen role", async () => {
    asRole("admin");
    renderAt(`/workspaces/${WS}/members`);
    const form = screen.getByRole("form", { name: "Invite by e-mail" });
    await userEvent.type(within(form).getByLabelText(/E-mail address/), "not-an-address");
    await userEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(within(form).getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByLabelText(/E-mail address/));
    await userEvent.type(within(form).getByLabelText(/E-mail address/), "bob@example.com");
    await userEvent.selectOptions(within(form).getByLabelText("Role"), "viewer");
    await userEvent.click(within(form).getByRole("button", { name: "Send invitation" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS, email: "bob@example.com", role: "viewer" });
  });

  it("makes a join link with a role and lifetime and shows its address once", async () => {
    asRole("owner");
    fake.mutation.mockResolvedValue(TOKEN as never);
    renderAt(`/workspaces/${WS}/members`);
    const form = screen.getByRole("form", { name: "Join link" });
    await userEvent.selectOptions(within(form).getByLabelText("Role"), "editor");
    await userEvent.selectOptions(within(form).getByLabelText("Valid for"), "30");
    await userEvent.click(within(form).getByRole("button", { name: "Create join link" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS, role: "editor", days: 30 });
    expect(await screen.findByDisplayValue(`${window.location.origin}/join/${TOKEN}`)).toBeInTheDocument();
  });

  it("lists pending invitations and join links, each withdrawable", async () => {
    asRole("owner");
    renderAt(`/workspaces/${WS}/members`);
    const pending = screen.getByRole("list", { name: "Pending invitations" });
    expect(within(pending).getAllByRole("listitem")).toHaveLength(2);
    await userEvent.click(within(pending).getByRole("button", { name: "Withdraw: ann@example.com" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS, invitationId: "i1" });
  });

  it("empties to a clear message when the member is removed (or the workspace is not theirs)", () => {
    fake.queries["workspaces:current"] = null;
    renderAt(`/workspaces/${WS}/members`);
    expect(screen.getByRole("alert")).toHaveTextContent("This workspace does not exist, or you are no longer a member of it.");
    expect(screen.queryByRole("list", { name: "Members" })).toBeNull();
  });
});

describe("deleting a workspace", () => {
  const holding = { items: 3, balance: 40, importRunning: false, move: null };

  it("is offered to owners only", () => {
    asRole("admin");
    fake.queries["workspaceClosing:status"] = null;
    renderAt(`/workspaces/${WS}/members`);
    expect(screen.queryByRole("button", { name: "Delete workspace" })).toBeNull();
  });

  it("says what the workspace still holds, refuses to delete it, and moves everything where the owner can edit", async () => {
    asRole("owner");
    fake.queries["workspaceClosing:status"] = holding;
    fake.queries["workspaces:listMine"] = [
      { _id: "p1", name: "Personal", kind: "personal", role: "owner", verifiedName: null },
      { _id: WS, name: "The Smiths", kind: "household", role: "owner", verifiedName: null },
      { _id: "w3", name: "Book club", kind: "household", role: "viewer", verifiedName: null },
      { _id: "w4", name: "Mia's Shop", kind: "business", role: "editor", verifiedName: null },
    ];
    renderAt(`/workspaces/${WS}/members`);
    expect(screen.getByText(/This workspace still holds 3 items and 40 TMT\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete workspace" })).toBeDisabled();
    const target = screen.getByRole("combobox", { name: "Move to" });
    expect(within(target).getAllByRole("option").map((o) => o.textContent)).toEqual(["Personal", "Mia's Shop"]);
    await userEvent.selectOptions(target, "w4");
    await userEvent.click(screen.getByRole("button", { name: "Move everything" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS, toWorkspaceId: "w4" });
  });

  it("shows the move's progress live, then lets the owner delete once the workspace is empty", async () => {
    asRole("owner");
    fake.queries["workspaceClosing:status"] = { ...holding, move: { status: "running", to: "Personal", total: 3, moved: 1, tokens: 0, error: null } };
    const page = () => (
      <MemoryRouter initialEntries={[`/workspaces/${WS}/members`]}>
        <Routes>
          <Route path="/workspaces/:workspaceId/members" element={<MembersPage />} />
          <Route path="/workspaces" element={<Where />} />
        </Routes>
      </MemoryRouter>
    );
    const { rerender } = render(page());
    expect(screen.getByText("Moving items to “Personal”: 1 of 3")).toBeInTheDocument();
    fake.queries["workspaceClosing:status"] = { items: 0, balance: 0, importRunning: false, move: { status: "done", to: "Personal", total: 3, moved: 3, tokens: 40, error: null } };
    rerender(page());
    expect(screen.getByText("Moved 3 items and 40 TMT to “Personal”.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Delete workspace" }));
    const dialog = screen.getByRole("dialog", { name: "Delete “The Smiths”?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete workspace" });
    await userEvent.type(within(dialog).getByLabelText("Type The Smiths to confirm"), "The Smith");
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Type The Smiths to confirm"), "s");
    await userEvent.click(confirm);
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS, confirmName: "The Smiths" });
    expect(await screen.findByTestId("where")).toHaveTextContent("/workspaces");
  });
});

describe("a business's verified name", () => {
  function asBusiness(role: "owner" | "admin" | "editor") {
    asRole(role);
    fake.queries["workspaces:current"] = { _id: WS, name: "Acme", kind: "business", role, verifiedName: null };
  }

  it("lets an admin ask for one, checking it first, and hides it from editors", async () => {
    asBusiness("admin");
    fake.queries["verifiedNames:status"] = { verifiedName: null, latest: null };
    renderAt(`/workspaces/${WS}/members`);
    expect(screen.getByText(/the verify page shows this business's name masked/)).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Verified name on /verify" });
    await userEvent.type(within(form).getByLabelText(/Registered business name/), "   ");
    await userEvent.click(within(form).getByRole("button", { name: "Ask for review" }));
    expect(within(form).getByText("Enter the registered name of your business")).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/Registered business name/), "Acme Tools Ltd");
    await userEvent.click(within(form).getByRole("button", { name: "Ask for review" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS, name: "Acme Tools Ltd" });
  });

  it("shows the published name and a request under review, each with its way back", async () => {
    asBusiness("owner");
    fake.queries["verifiedNames:status"] = {
      verifiedName: "Acme Tools Ltd",
      latest: { _id: "r1", name: "Acme Tools Group", status: "pending", createdAt: JOINED, decidedAt: null },
    };
    renderAt(`/workspaces/${WS}/members`);
    expect(screen.getByText("Shown as: Registered by Acme Tools Ltd")).toBeInTheDocument();
    expect(screen.getByText(/“Acme Tools Group” is waiting for review/)).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Verified name on /verify" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Withdraw request" }));
    expect(fake.mutation).toHaveBeenCalledWith({ workspaceId: WS });
  });

  it("is not offered to an editor", () => {
    asBusiness("editor");
    fake.queries["verifiedNames:status"] = null;
    renderAt(`/workspaces/${WS}/members`);
    expect(screen.queryByRole("heading", { name: "Verified name on /verify" })).toBeNull();
  });

  it("reaches site admins in /admin, who approve it (not for their own business)", async () => {
    fake.queries["verifiedNames:pending"] = [
      { _id: "r1", name: "Acme Tools Ltd", workspaceName: "Acme", requestedBy: "Ada Owner", requesterEmail: "ada@example.com", isYou: false, createdAt: JOINED },
      { _id: "r2", name: "Mine Ltd", workspaceName: "Mine", requestedBy: "Me", requesterEmail: null, isYou: true, createdAt: JOINED },
    ];
    render(<VerifiedNamesPanel />);
    const acme = screen.getByRole("listitem", { name: "Verified name Acme Tools Ltd" });
    expect(acme).toHaveTextContent("Registered by Acme Tools Ltd");
    expect(within(screen.getByRole("listitem", { name: "Verified name Mine Ltd" })).getByRole("button", { name: "Approve" })).toBeDisabled();
    await userEvent.click(within(acme).getByRole("button", { name: "Approve" }));
    expect(fake.mutation).toHaveBeenCalledWith({ requestId: "r1", approve: true });
  });
});

describe("invitations for you", () => {
  it("lists the invitations to the user's address on /workspaces and accepts one there", async () => {
    fake.queries["myInvitations:list"] = [{ _id: "i9", workspaceName: "Book club", kind: "household", role: "editor", invitedBy: "Olive Owner", expiresAt: JOINED }];
    fake.mutation.mockResolvedValue("w9" as never);
    renderAt("/workspaces", { landing: true });
    const list = screen.getByRole("list", { name: "Invitations for you" });
    expect(list).toHaveTextContent("Olive Owner invited you to “Book club” (Household) as editor.");
    await userEvent.click(within(list).getByRole("button", { name: "Accept and join: Book club" }));
    expect(fake.mutation).toHaveBeenCalledWith({ invitationId: "i9" });
    expect(await screen.findByTestId("where")).toHaveTextContent("/workspaces/w9/members");
  });

  it("shows nothing when there are none", () => {
    fake.queries["myInvitations:list"] = [];
    renderAt("/workspaces");
    expect(screen.queryByRole("heading", { name: "Invitations for you" })).toBeNull();
  });
});

describe("a workspace that goes away while open", () => {
  function Shown() {
    const location = useLocation();
    return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
  }
  const page = () => (
    <MemoryRouter initialEntries={["/assets?w=w2"]}>
      <WorkspaceSwitcher />
      <Routes>
        <Route path="*" element={<Shown />} />
      </Routes>
    </MemoryRouter>
  );

  it("falls back to the member's home workspace at once (removed, or the workspace deleted), without an error", () => {
    const personal = { _id: "p1", name: "Personal", kind: "personal", role: "owner", verifiedName: null };
    fake.queries["workspaces:listMine"] = [personal, { _id: "w2", name: "The Smiths", kind: "household", role: "viewer", verifiedName: null }];
    const { rerender } = render(page());
    expect(screen.getByRole("combobox", { name: "Workspace" })).toHaveDisplayValue("The Smiths (Household)");
    fake.queries["workspaces:listMine"] = [personal];
    rerender(page());
    expect(screen.getByRole("combobox", { name: "Workspace" })).toHaveDisplayValue("Personal");
    expect(screen.getByTestId("where")).toHaveTextContent("/assets?w=p1");
  });
});

describe("the invitation page", () => {
  const preview = { workspaceName: "The Smiths", kind: "household", via: "email", role: "editor", invitedBy: "Olive Owner", expiresAt: JOINED, alreadyMember: false, mayAccept: false };

  it("tells a visitor what they are invited to and sends them to sign up, keeping the invitation", async () => {
    resetFakes();
    fake.queries["workspaceMembers:preview"] = preview;
    renderAt(`/invite/${TOKEN}`);
    expect(screen.getByText("Olive Owner invited you to join “The Smiths” as editor.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in to accept" })).toHaveAttribute("href", "/auth");
    await userEvent.click(screen.getByRole("link", { name: "Create an account to accept" }));
    expect(screen.getByTestId("where")).toHaveTextContent("/signup");
    expect(pendingInvitation()).toBe(`/invite/${TOKEN}`);
  });

  it("lets the invitee accept and takes them into the workspace", async () => {
    fake.queries["workspaceMembers:preview"] = { ...preview, mayAccept: true };
    fake.mutation.mockResolvedValue(WS as never);
    renderAt(`/invite/${TOKEN}`, { landing: true });
    await userEvent.click(screen.getByRole("button", { name: "Accept and join" }));
    expect(fake.mutation).toHaveBeenCalledWith({ token: TOKEN });
    expect(await screen.findByTestId("where")).toHaveTextContent(`/workspaces/${WS}/members`);
  });

  it("lets a visitor decline without an account", async () => {
    resetFakes();
    fake.queries["workspaceMembers:preview"] = preview;
    renderAt(`/invite/${TOKEN}`);
    await userEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(fake.mutation).toHaveBeenCalledWith({ token: TOKEN });
    expect(await screen.findByRole("status")).toHaveTextContent("Invitation declined. The link no longer works.");
  });

  it("completes the acceptance by itself when the visitor comes back signed in", async () => {
    localStorage.setItem("tmt.pendingInvitation", JSON.stringify({ path: `/join/${TOKEN}`, at: Date.now() }));
    fake.queries["workspaceMembers:preview"] = { ...preview, via: "link", mayAccept: true };
    fake.mutation.mockResolvedValue(WS as never);
    renderAt(`/join/${TOKEN}`, { landing: true });
    expect(await screen.findByTestId("where")).toHaveTextContent(`/workspaces/${WS}/members`);
    expect(fake.mutation).toHaveBeenCalledTimes(1);
    expect(pendingInvitation()).toBeNull();
  });

  it("does not accept by itself for an invitation the visitor did not choose", () => {
    fake.queries["workspaceMembers:preview"] = { ...preview, mayAccept: true };
    renderAt(`/invite/${TOKEN}`);
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("says so when the signed-in account is not the one invited", () => {
    fake.queries["workspaceMembers:preview"] = preview;
    renderAt(`/invite/${TOKEN}`);
    expect(screen.getByRole("alert")).toHaveTextContent(WORKSPACE_MESSAGES.wrongAddress);
    expect(screen.queryByRole("button", { name: "Accept and join" })).toBeNull();
  });

  it("reads a dead link as no longer valid", () => {
    fake.queries["workspaceMembers:preview"] = null;
    renderAt(`/join/${TOKEN}`);
    expect(screen.getByRole("alert")).toHaveTextContent(WORKSPACE_MESSAGES.invalidLink);
  });
});

describe("creating a workspace", () => {
  it("offers business only to accounts with business features, and checks the name first", async () => {
    fake.queries["workspaces:listMine"] = [{ _id: "p1", name: "Personal", kind: "personal", role: "owner", verifiedName: null }];
    renderAt("/workspaces");
    const kind = screen.getByLabelText("Kind");
    expect(within(kind).getByRole("option", { name: "Business" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Create workspace" }));
    expect(screen.getByText("Workspace name is required")).toBeInTheDocument();
    expect(fake.mutation).not.toHaveBeenCalled();
  });

  it("lets a business account create a business workspace", async () => {
    signedIn(makeProfile({ isBusinessUser: true }));
    fake.queries["workspaces:listMine"] = [];
    fake.mutation.mockResolvedValue("ws9" as never);
    renderAt("/workspaces", { landing: true });
    await userEvent.type(screen.getByLabelText(/Name/), "Acme Tools");
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "business");
    await userEvent.click(screen.getByRole("button", { name: "Create workspace" }));
    expect(fake.mutation).toHaveBeenCalledWith({ name: "Acme Tools", kind: "business" });
    expect(await screen.findByTestId("where")).toHaveTextContent("/workspaces/ws9/members");
  });
});
