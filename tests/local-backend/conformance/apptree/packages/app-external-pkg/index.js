// Listed in convex.json's node.externalPackages: loaded as installed, not bundled.
export const where = () => import.meta.url;
