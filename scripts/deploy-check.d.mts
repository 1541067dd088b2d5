// Types for deploy-check.mjs (used by tests/deploy/deploy-check.test.ts).
export interface Problem {
  /** "node-builtin", "node-global", "use-node-placement", "bundle", "reserved-folder" or "schema:<Convex error code>". */
  rule: string;
  /** Path relative to the working directory. */
  file: string;
  line?: number;
  column?: number;
  message: string;
}
export function checkDeploy(options?: { convexDir?: string }): Promise<{ problems: Problem[]; summary: string }>;
export function formatProblem(problem: Problem): string;
