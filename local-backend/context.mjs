// The execution a piece of code runs for (AsyncLocalStorage): the function's
// transaction, identity, open query streams and collected log lines.
import { AsyncLocalStorage } from "node:async_hooks";

export const requestContext = new AsyncLocalStorage();
