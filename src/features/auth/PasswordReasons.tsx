const WEAK_PASSWORD_TITLE = "Please choose a stronger password:";

/** The server's 'weak_password' reasons (convex/lib/auth/passwordStrength.ts), as the sign-up and reset forms show them. */
export function PasswordReasons({ reasons }: { reasons: string[] }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200"
    >
      <p className="font-semibold">{WEAK_PASSWORD_TITLE}</p>
      <ul aria-label="Password problems" className="mt-1 list-disc pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
