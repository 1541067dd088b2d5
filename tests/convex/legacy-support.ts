// Fixtures for the next-of-kin and legacy suites: contacts confirmed through
// their real emailed links, and will assets tagged through the real mutation.
import { vi } from "vitest";
import { api } from "../../convex/_generated/api";
import type { Id } from "../../convex/_generated/dataModel";
import { fundedUser } from "./assets-support";
import { lastMessageTo, linkParams, type Backend, type Client } from "./setup";

/** Runs the jobs due now (emails scheduled with runAfter(0)); needs vi.useFakeTimers(). */
export async function flush(t: Backend) {
  vi.advanceTimersByTime(1);
  await t.finishInProgressScheduledFunctions();
}

export function contactInput(name: string, overrides: Partial<Record<"relationship" | "email" | "phone", string>> = {}) {
  return {
    name,
    relationship: overrides.relationship ?? "Sibling",
    email: overrides.email ?? `${name.toLowerCase()}@kin.example`,
    phone: overrides.phone ?? "+447911123456",
  };
}

/** The token at the end of the newest link emailed to `to`. */
export async function tokenSentTo(t: Backend, to: string): Promise<string> {
  const message = await lastMessageTo(t, to);
  if (message === null) throw new Error(`no email to ${to}`);
  return linkParams(message.link).path.split("/").pop()!;
}

export async function addConfirmedContact(t: Backend, owner: Client, name: string) {
  const input = contactInput(name);
  const contactId = await owner.mutation(api.nextOfKin.add, input);
  await flush(t);
  await t.mutation(api.nextOfKin.confirm, { token: await tokenSentTo(t, input.email) });
  return { contactId, email: input.email };
}

export async function tagWill(owner: Client, name: string, files: { storageId: Id<"_storage">; kind: "photo" | "document"; name: string }[] = []) {
  const { assetId } = await owner.mutation(api.assets.tag, {
    kind: "will",
    name,
    visibility: "private",
    details: { kind: "will", instructions: `Instructions for ${name}` },
    files,
  });
  return assetId;
}

export async function willOwner(t: Backend) {
  return await fundedUser(t, 100, { email: "owner@example.com", fullName: "Olive Owner" });
}
