import { useQuery } from "convex/react";
import { Link } from "react-router";
import { api } from "../../../convex/_generated/api";
import { Card } from "../../ui";
import { ReleaseClock } from "../../lib/ReleaseClock";

/** The legacy release clock and "I'm still here", when the owner has a plan turned on. */
export function LegacyPanel() {
  const status = useQuery(api.legacy.status, {});
  const plan = status?.plan;
  if (!plan?.enabled) return null;
  return (
    <Card
      title="Legacy release"
      description={<>Your will assets go to your beneficiaries if you stop using TagMyThing. <Link to="/nok" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">Manage next of kin</Link></>}
    >
      <ReleaseClock plan={plan} />
    </Card>
  );
}
