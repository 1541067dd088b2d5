import {createRoot} from "react-dom/client"; import {ConvexReactClient, useQuery, useConvexAuth} from "convex/react"; import {ConvexAuthProvider} from "@convex-dev/auth/react";
   const c=new ConvexReactClient("https://x-1.convex.cloud"); function A(){useConvexAuth();useQuery("a:b");return null}
   createRoot(document.body).render(<ConvexAuthProvider client={c}><A/></ConvexAuthProvider>);