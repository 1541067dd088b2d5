// Findings the fuzzer reported that are not fixed yet, keyed "path category".
// The suite prints them on every run but stays green; delete a line once its fix lands.
export const KNOWN_FINDINGS: Record<string, string> = {};
