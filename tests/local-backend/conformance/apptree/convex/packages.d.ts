// The fixture's npm packages (../packages, copied into node_modules by the test).
declare module "app-only-pkg" {
  export function greeting(): string;
  export function where(): string;
}
declare module "app-external-pkg" {
  export function where(): string;
}
