// A package installed in the app's node_modules only (not in the backend's checkout).
export const greeting = () => "hello from the app's own package";
export const where = () => import.meta.url;
