import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { sendContactMessage } from "~/modules/marketing/contact.server";
import { joinWaitlist, waitlistCount } from "~/modules/marketing/waitlist.server";
import { uniqueEmail } from "./helpers";

describe("VIP waitlist", () => {
  it("adds an address once; joining again answers the same and changes nothing", async () => {
    const before = await waitlistCount();
    const email = uniqueEmail("waitlist");
    await joinWaitlist({ fullName: "Ada Lovelace", email, locale: "fr" }, "198.51.100.1");
    await joinWaitlist({ fullName: "Ada L.", email, locale: "en" }, "198.51.100.2");
    expect(await waitlistCount()).toBe(before + 1);
    expect(await getDb().waitlistEntry.findUnique({ where: { email } })).toMatchObject({ fullName: "Ada Lovelace", locale: "fr" });
  });

  it("stores nothing for a bot that filled the hidden field", async () => {
    const email = uniqueEmail("bot");
    await joinWaitlist({ fullName: "Bot", email, locale: "en", honeypot: "https://spam.example" }, "198.51.100.3");
    expect(await getDb().waitlistEntry.count({ where: { email } })).toBe(0);
  });

  it("limits joins per IP address", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 10; i++) await joinWaitlist({ fullName: "Someone", email: uniqueEmail("many"), locale: "en" }, ip);
    await expect(joinWaitlist({ fullName: "Someone", email: uniqueEmail("many"), locale: "en" }, ip)).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
    });
  });
});

describe("contact form", () => {
  it("keeps each message (SMTP not configured: nothing is mailed)", async () => {
    const email = uniqueEmail("contact");
    await sendContactMessage(
      { name: "Grace", email, topic: "sales", message: "We would like Plume for 40 people." },
      { ip: "198.51.100.9", userId: null, locale: "en" },
    );
    expect(await getDb().contactMessage.findFirst({ where: { email } })).toMatchObject({ name: "Grace", topic: "sales", mailedAt: null });
  });
});
