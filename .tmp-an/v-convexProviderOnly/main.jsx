import {createRoot} from "react-dom/client"; import {ConvexProvider, useQuery} from "convex/react"; 
   function A(){useQuery("a:b");return null}
   createRoot(document.body).render(<ConvexProvider client={window.c}><A/></ConvexProvider>);