// Server-side moderation of what students write (chat messages, reviews). The AI chat work brings
// the real classifier with strikes and alerts; reviews call it through this interface already.

export type ModerationVerdict =
  { flagged: false } | { flagged: true; category: string; severity: "normal" | "urgent"; reason: string };

export type TextModerator = {
  review(props: { userId: string; text: string; context: "review" | "chat" }): Promise<ModerationVerdict>;
};

/** Until the classifier lands: lets every text through (blocked accounts are still refused). */
export const allowAllModerator: TextModerator = {
  async review() {
    return { flagged: false };
  },
};
