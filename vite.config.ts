import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

// The client reads VITE_CONVEX_URL; `npm run dev` points it at the local backend.
export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  build: { chunkSizeWarningLimit: 600 },
});
