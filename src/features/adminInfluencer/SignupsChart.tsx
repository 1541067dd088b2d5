import type { ReferralStats } from "../../../convex/lib/referrals/shapes";
import { Chart } from "../../ui";
import { formatDayMonth } from "../../lib/format";

const signups = (n: number) => `${n} sign-up${n === 1 ? "" : "s"}`;

/** Sign-ups per UTC day over the last 30 days, with the same figures as a table for screen readers. */
export function SignupsChart({ days }: { days: ReferralStats["days"] }) {
  const total = days.reduce((sum, d) => sum + d.signups, 0);
  return (
    <Chart
      title="Sign-ups per day"
      summary={`${total} in the last ${days.length} days`}
      points={days.map((d) => ({ key: d.day, label: formatDayMonth(d.day), value: d.signups }))}
      kind="bar"
      pointLabel="Day"
      valueLabel="Sign-ups"
      format={signups}
    />
  );
}
