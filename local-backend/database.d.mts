// Types for the parts of database.mjs the TypeScript tests use.
export declare const DATA_FILE: string;
/** Bytes of the data file in pages that hold data, against the file's size. */
export declare function pageUsage(file: string): { size: number; used: number };
