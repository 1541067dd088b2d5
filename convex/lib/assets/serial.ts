// Serial numbers: TMT-XXXX-XXXX from an alphabet without 0/O/1/I/L, because
// people read them off labels and type them into /verify by hand. Claimable stickers
// carry a longer code, TMT-XXXXXX-XXXXXX-XXXXXX (18 characters, about 89 bits: printed
// before anyone owns them, they must not be guessable); once claimed it is the serial.
import type { MutationCtx } from "../../_generated/server";
import { randomString } from "../auth/input";
import { normaliseSerial } from "./serialText";

export { normaliseSerial };

export const SERIAL_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const SERIAL_PATTERN = /^TMT-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/;
export const STICKER_CODE_PATTERN =
  /^TMT-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
const MAX_ATTEMPTS = 10;

/** A serial drawn at tagging, or a sticker's code (the serial of the asset that claimed it). */
export function isSerialFormat(value: string): boolean {
  const serial = normaliseSerial(value);
  return SERIAL_PATTERN.test(serial) || STICKER_CODE_PATTERN.test(serial);
}

export function isStickerCode(value: string): boolean {
  return STICKER_CODE_PATTERN.test(normaliseSerial(value));
}

function randomSerial(): string {
  const body = randomString(8, SERIAL_ALPHABET);
  return `TMT-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** Draws a serial never issued before and reserves it forever (inside the caller's mutation). */
export async function reserveSerial(ctx: MutationCtx, draw: () => string = randomSerial): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const serial = draw();
    const taken = await ctx.db
      .query("serials")
      .withIndex("by_serial", (q) => q.eq("serial", serial))
      .unique();
    if (taken === null) {
      await ctx.db.insert("serials", { serial });
      return serial;
    }
  }
  // 31^8 ≈ 8.5e11 serials: reaching this means the random source is broken.
  throw new Error("Could not draw a free serial number");
}

