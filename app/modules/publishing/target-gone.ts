/** The target removed from the post, or its channel removed: nothing can be sent, now or later. */
export class TargetGone extends Error {
  constructor(public readonly reason: "target_removed" | "channel_removed") {
    super(reason === "channel_removed" ? "The account this post was going to was removed." : "This target was removed from the post.");
    this.name = "TargetGone";
  }
}
