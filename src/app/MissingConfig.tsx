/** Shown instead of the app when the build has no Convex URL to talk to. */
export function MissingConfig() {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-lg rounded-2xl border border-amber-300 bg-white p-8 shadow-sm dark:border-amber-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">TagMyThing is not connected to a backend</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          The environment variable <code className="font-mono font-semibold">VITE_CONVEX_URL</code> is not set, so the
          app does not know which Convex deployment to use.
        </p>
        <p className="mt-3 text-slate-600 dark:text-slate-300">To run it locally, start it with:</p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm text-slate-100">
          npm ci{"\n"}npm run dev
        </pre>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">
          <code className="font-mono">npm run dev</code> starts the local backend and this app with the URL set. For a
          Convex deployment, put <code className="font-mono">VITE_CONVEX_URL=https://…convex.cloud</code> in{" "}
          <code className="font-mono">.env.local</code>.
        </p>
      </div>
    </main>
  );
}
