import { useQuery } from "convex/react";
import { api } from "../../../convex/_generated/api";
import { BALANCE_CHART_DAYS } from "../../../convex/lib/wallet/tables";
import { Chart } from "../../ui";
import { dailyBalances } from "../../lib/chartSeries";
import { formatTmt } from "../../lib/format";
import { useNow } from "../../lib/useNow";
import { useWorkspaceQuery } from "../../lib/useWorkspace";

/** The balance at the end of each of the last 30 days, live: the user's wallet, or with `shared` the current workspace's. */
export function BalanceChart({ shared = false }: { shared?: boolean }) {
  const own = useQuery(api.wallet.balanceHistory, shared ? "skip" : {});
  const workspace = useWorkspaceQuery(api.wallet.workspaceBalanceHistory, shared ? {} : "skip");
  const history = shared ? workspace : own;
  const now = useNow({ everyMs: 60 * 60_000 });
  if (!history) return null;
  const points = dailyBalances(history.balance, history.changes, now, BALANCE_CHART_DAYS);
  const first = points[0].value;
  const change = history.balance - first;
  const summary =
    change === 0
      ? `${formatTmt(history.balance)}, unchanged over the last ${BALANCE_CHART_DAYS} days`
      : `${formatTmt(history.balance)} now, ${change > 0 ? "up" : "down"} ${formatTmt(Math.abs(change))} over the last ${BALANCE_CHART_DAYS} days`;
  return <Chart title="Balance over time" summary={summary} points={points} kind="line" pointLabel="Day" valueLabel="Balance at day's end" format={formatTmt} />;
}
