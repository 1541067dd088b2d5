/** A CSV cell: minor units as "12.50", empty when unknown. */
export const moneyCell = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));
