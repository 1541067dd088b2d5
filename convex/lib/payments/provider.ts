// The payment-provider adapter behind TMT top-ups. The deployment chooses one
// with the PAYMENTS_PROVIDER environment variable:
//   - "test": offline test mode (the local backend and the tests set it). A
//     checkout is paid at once, with no money moving; orders are marked test.
//   - unset: top-ups are switched off and the screen says so.
// A real provider is one more entry in PROVIDERS: its keys are deployment
// environment variables (`npx convex env set PAYMENTS_PROVIDER <name>` and the
// provider's secret key and webhook secret), read here only; its checkout
// returns { redirectUrl }, and its webhook (convex/http.ts) confirms the order
// through internal.topUps.complete, which credits the wallet through the ledger.
import { env } from "../../_generated/server";

type CheckoutOrder = { orderId: string; tmt: number; priceMinor: number; currency: string; successUrl: string };
type CheckoutResult = { kind: "paid"; reference: string } | { kind: "redirect"; redirectUrl: string };

type PaymentProvider = {
  name: string;
  test: boolean;
  checkout(order: CheckoutOrder): Promise<CheckoutResult>;
};

const testProvider: PaymentProvider = {
  name: "test",
  test: true,
  checkout: async (order) => ({ kind: "paid", reference: `test_${order.orderId}` }),
};

const PROVIDERS: Record<string, PaymentProvider> = { test: testProvider };

/** The provider this deployment is set up with, or null when top-ups are off. */
export function paymentProvider(): PaymentProvider | null {
  const name = env.PAYMENTS_PROVIDER;
  return name === undefined || name === "" ? null : (PROVIDERS[name] ?? null);
}
