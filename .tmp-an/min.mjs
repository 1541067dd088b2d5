import { build } from "vite";
import { gzipSync } from "node:zlib";
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
process.env.NODE_ENV = "production";
const variants = {
  react: `import {createRoot} from "react-dom/client"; createRoot(document.body).render("x");`,
  declarative: `import {createRoot} from "react-dom/client"; import {BrowserRouter,Routes,Route,Link,NavLink,Navigate,Outlet,useLocation} from "react-router"; 
   function L(){useLocation();return <><Link to="/a">a</Link><NavLink to="/b">b</NavLink><Outlet/></>}
   createRoot(document.body).render(<BrowserRouter><Routes><Route element={<L/>}><Route path="/" element={<Navigate to="/x"/>}/></Route></Routes></BrowserRouter>);`,
  data: `import {createRoot} from "react-dom/client"; import {createBrowserRouter,RouterProvider,Routes,Route,Link,NavLink,Navigate,Outlet,useLocation,useBlocker} from "react-router"; 
   function L(){useLocation();useBlocker(false);return <><Link to="/a">a</Link><NavLink to="/b">b</NavLink><Outlet/></>}
   const r=createBrowserRouter([{path:"*",element:<Routes><Route element={<L/>}><Route path="/" element={<Navigate to="/x"/>}/></Route></Routes>}]);
   createRoot(document.body).render(<RouterProvider router={r}/>);`,
  convex: `import {createRoot} from "react-dom/client"; import {ConvexReactClient, useQuery, useConvexAuth} from "convex/react"; import {ConvexAuthProvider} from "@convex-dev/auth/react";
   const c=new ConvexReactClient("https://x-1.convex.cloud"); function A(){useConvexAuth();useQuery("a:b");return null}
   createRoot(document.body).render(<ConvexAuthProvider client={c}><A/></ConvexAuthProvider>);`,
  convexProviderOnly: `import {createRoot} from "react-dom/client"; import {ConvexProvider, useQuery} from "convex/react"; 
   function A(){useQuery("a:b");return null}
   createRoot(document.body).render(<ConvexProvider client={window.c}><A/></ConvexProvider>);`,
  browserClient: `import {ConvexClient} from "convex/browser"; new ConvexClient("https://x-1.convex.cloud").onUpdate("a:b",{},console.log);`,
  httpClient: `import {ConvexHttpClient} from "convex/browser"; new ConvexHttpClient("https://x-1.convex.cloud").query("a:b",{}).then(console.log);`,
};
for (const [name, code] of Object.entries(variants)) {
  const dir = path.resolve(".tmp-an/v-" + name); mkdirSync(dir, { recursive: true });
  writeFileSync(dir + "/index.html", `<script type="module" src="./main.jsx"></script>`);
  writeFileSync(dir + "/main.jsx", code);
  const out = await build({ root: dir, configFile: false, logLevel: "error", plugins: [(await import("@vitejs/plugin-react")).default()], build: { write: false, modulePreload: { polyfill: false } } });
  const js = out.output.filter((o) => o.type === "chunk");
  const gz = js.reduce((a, c) => a + gzipSync(c.code, { level: 6 }).length, 0);
  console.log(name.padEnd(20), (gz / 1024).toFixed(1), "KB gz", js.length, "chunks");
}
