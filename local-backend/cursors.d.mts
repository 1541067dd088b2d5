// Types for the parts of cursors.mjs the TypeScript tests use.
export declare const SECRET_FILE: string;
export declare function loadInstanceSecret(dataDir: string): Buffer;
export declare function cursorCodec(secret: Buffer): {
  seal(fingerprint: Buffer, position: "end" | Buffer): string;
  open(cursor: string): { fingerprint: Buffer; position: "end" | Buffer };
  sealJournal(endCursor: string): string;
  openJournal(journal: string | null): { endCursor: string } | null;
};
