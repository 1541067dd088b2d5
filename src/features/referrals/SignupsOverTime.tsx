import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { SIGNUP_CHART_WEEKS } from "../../../convex/lib/referrals/shapes";
import { Chart } from "../../ui";
import { weeklyCounts } from "../../lib/chartSeries";
import { useNow } from "../../lib/useNow";

const signups = (n: number) => `${n} sign-up${n === 1 ? "" : "s"}`;

/** People who joined through my link, week by week, live. */
export function SignupsOverTime() {
  const history = useQuery(api.referrals.signupHistory, {});
  const now = useNow({ everyMs: 60 * 60_000 });
  if (!history) return null;
  const points = weeklyCounts(history.times, now, SIGNUP_CHART_WEEKS);
  const total = points.reduce((sum, p) => sum + p.value, 0);
  return (
    <Chart
      title="Sign-ups over time"
      summary={`${signups(total)} in the last ${SIGNUP_CHART_WEEKS} weeks`}
      points={points}
      kind="bar"
      pointLabel="Week of"
      valueLabel="Sign-ups"
      format={signups}
    />
  );
}
