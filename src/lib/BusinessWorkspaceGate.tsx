import { useMutation, useQuery } from "convex/react";
import { useEffect, type ReactNode } from "react";
import { api } from "../../convex/_generated/api";
import { hasBusinessFeatures } from "../../convex/lib/roles";
import { Button, Card, PageSpinner } from "../ui";
import { useSubmit } from "./useSubmit";
import { useWorkspace } from "./useWorkspace";

/**
 * The business screens work on a business workspace: the current one when it is, else the
 * caller's first business workspace is made current. Someone with business features and no
 * business workspace yet is offered one.
 */
export function BusinessWorkspaceGate({ children }: { children: ReactNode }) {
  const { workspaces, current, select } = useWorkspace();
  const profile = useQuery(api.users.me, {});
  const create = useMutation(api.workspaces.create);
  const submit = useSubmit({ fallback: "Could not create the workspace", show: "toast" });
  const business = workspaces?.find((w) => w.kind === "business");
  const switchTo = current?.kind !== "business" ? business?._id : undefined;
  useEffect(() => {
    if (switchTo !== undefined) select(switchTo);
  }, [switchTo, select]);
  if (workspaces === undefined || switchTo !== undefined) return <PageSpinner label="Loading workspace..." />;
  if (current?.kind === "business") return <>{children}</>;
  const name = profile?.fullName?.trim() || "My business";
  return (
    <Card>
      <h2 className="text-lg font-semibold">No business workspace yet</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Inventory, imports and sticker sheets live in a business workspace that your staff can share.
      </p>
      {hasBusinessFeatures(profile) && (
        <Button className="mt-4" loading={submit.busy} onClick={() => void submit.run(async () => select(await create({ name, kind: "business" })))}>
          Create a business workspace
        </Button>
      )}
    </Card>
  );
}
