import {createRoot} from "react-dom/client"; import {createBrowserRouter,RouterProvider,Routes,Route,Link,NavLink,Navigate,Outlet,useLocation,useBlocker} from "react-router"; 
   function L(){useLocation();useBlocker(false);return <><Link to="/a">a</Link><NavLink to="/b">b</NavLink><Outlet/></>}
   const r=createBrowserRouter([{path:"*",element:<Routes><Route element={<L/>}><Route path="/" element={<Navigate to="/x"/>}/></Route></Routes>}]);
   createRoot(document.body).render(<RouterProvider router={r}/>);