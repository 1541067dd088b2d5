/** Heading and promise of each screen whose content arrives with a later issue. */
interface FrameInfo {
  title: string;
  description: string;
  /** Small label above the heading. */
  eyebrow: string;
}

export const FRAMES = {
  "influencer-signup": {
    eyebrow: "Influencers",
    title: "Become a TagMyThing Influencer",
    description:
      "Join the referral programme: share your link, bring new members and earn TMT when they verify their account.",
  },
} satisfies Record<string, FrameInfo>;

export type FrameId = keyof typeof FRAMES;
