// The messages deletion sends: the code that confirms it, and the notice that it is
// scheduled (so an account owner learns of a deletion they did not ask for, and can cancel).
import { PRODUCT_NAME } from "../constants";
import { DELETION_CODE_TTL_MS, DELETION_GRACE_DAYS } from "./rules";

const day = (at: number) => new Date(at).toISOString().slice(0, 10);

export function deletionCodeText(code: string): { subject: string; body: string } {
  return {
    subject: `Your ${PRODUCT_NAME} account deletion code`,
    body: `Your code to confirm deleting your ${PRODUCT_NAME} account is ${code}. It expires in ${DELETION_CODE_TTL_MS / 60_000} minutes. If you did not ask to delete your account, ignore this message and change how you sign in.`,
  };
}

export function deletionScheduledText(eraseAt: number, byAdmin: boolean): { subject: string; body: string } {
  const who = byAdmin ? "At your request, our support team has scheduled" : "You have scheduled";
  return {
    subject: `Your ${PRODUCT_NAME} account will be deleted on ${day(eraseAt)}`,
    body: `${who} your ${PRODUCT_NAME} account for deletion. It will be erased on ${day(eraseAt)} (UTC), after a ${DELETION_GRACE_DAYS}-day grace period. To keep your account, sign in and choose "Cancel deletion" before then.`,
  };
}
