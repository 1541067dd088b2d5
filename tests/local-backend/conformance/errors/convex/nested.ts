// A helper in another module, so the trace has more than one of the app's frames.
export function failDeep(what: string): never {
  throw new Error(`${what} failed deep down`);
}
