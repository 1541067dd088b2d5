// The getting-started checklist a new account sees on /dashboard: four steps, each
// read live from the owner's own data, in the order a newcomer would take them.
import { literals } from "convex-helpers/validators";
import { v, type Infer } from "convex/values";

const ONBOARDING_STEPS = ["verify", "tag", "nextOfKin", "invite"] as const;
const onboardingStepValidator = literals(...ONBOARDING_STEPS);
type OnboardingStep = Infer<typeof onboardingStepValidator>;

export const onboardingValidator = v.object({
  steps: v.array(v.object({ step: onboardingStepValidator, done: v.boolean() })),
  dismissed: v.boolean(),
});
type Onboarding = Infer<typeof onboardingValidator>;

/** What each step says and where it is done. */
export const ONBOARDING_TEXT: Record<OnboardingStep, { title: string; text: string; to: string; action: string }> = {
  verify: { title: "Verify your email or phone", text: "So we can reach you about your things.", to: "/settings", action: "Settings" },
  tag: { title: "Tag your first item", text: "Get a serial anyone can check.", to: "/tag", action: "Tag an item" },
  nextOfKin: { title: "Add your next of kin", text: "Who should hear from us, and who inherits what.", to: "/nok", action: "Add next of kin" },
  invite: { title: "Invite a friend", text: "Earn TMT when someone joins with your link.", to: "/referrals", action: "Invite" },
};

/** Shown while a step is left and the owner has not dismissed it. */
export function showOnboarding(o: Onboarding): boolean {
  return !o.dismissed && o.steps.some((s) => !s.done);
}
