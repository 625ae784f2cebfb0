// The posting-times page (/queue) through its route, on SQLite and PostgreSQL (docs/decisions/0069):
// slots added several days at once, removed with an undo, all removed; duplicates, another user's
// account, bad input and the 100-slot bound refused with nothing changed, even under parallel adds;
// and the profile's time-zone toast saying the slots keep their times.
import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { getToast } from "~/modules/toast/toast.server";
import * as profile from "~/routes/_dashboard.profile";
import * as page from "~/routes/_dashboard.queue";
import { call, type Answer, type Handler } from "../support/route-call";
import { signedInUser } from "./helpers";

const URL_ = "http://localhost:3000/queue";

async function queueUser() {
  const { user, cookie } = await signedInUser("queue-slots", { trial: true });
  await getDb().user.update({ where: { id: user.id }, data: { timezone: "Europe/Paris" } });
  const channel = await getDb().channel.create({
    data: {
      userId: user.id,
      workspaceId: user.id,
      network: "twitter",
      providerUserId: `x-${user.id}`,
      displayName: "Ada",
      handle: "ada",
      accessTokenEnc: "sealed",
    },
  });
  const post = (fields: Record<string, string | string[]>, lang?: string) => {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
    return call(page.action as Handler, { method: "POST", url: URL_, cookie, form, lang });
  };
  return {
    user,
    cookie,
    channel,
    add: (weekdays: string[], time: string, channelId = "", lang?: string) => post({ intent: "add", weekdays, time, channelId }, lang),
    remove: (slotId: string, lang?: string) => post({ intent: "remove", slotId }, lang),
    clear: () => post({ intent: "clear" }),
    post,
    // By day and time, every-account slots first (the databases order nulls differently).
    slots: async () =>
      (await getDb().queueSlot.findMany({ where: { userId: user.id }, select: { channelId: true, weekday: true, time: true } })).sort(
        (a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time) || (a.channelId ?? "").localeCompare(b.channelId ?? ""),
      ),
    load: () => call(page.loader as Handler, { url: URL_, cookie }),
  };
}

async function toastOf(answer: Answer) {
  const cookie = answer.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request(URL_, { headers: { Cookie: cookie } }))).toast!;
}

/** A time "HH:MM" for the n-th distinct slot of a day (00:00, 00:10, ... ). */
const nth = (n: number) => `${String(Math.floor(n / 6)).padStart(2, "0")}:${String((n % 6) * 10).padStart(2, "0")}`;

async function fill(userId: string, count: number) {
  await getDb().queueSlot.createMany({
    data: Array.from({ length: count }, (_, i) => ({ userId, workspaceId: userId, weekday: (i % 7) + 1, time: nth(Math.floor(i / 7)) })),
  });
}

describe("/queue: adding slots", () => {
  it("adds one time on several days at once, for every account or one, and the page lists them", async () => {
    const q = await queueUser();
    const added = await q.add(["1", "4"], "09:00");
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/queue");
    expect((await toastOf(added)).title).toBe("2 time slots added to your queue.");
    expect((await q.add(["3"], "18:30", q.channel.id)).status).toBe(302);
    // The same time for one account is not the every-account slot.
    expect((await q.add(["1"], "09:00", q.channel.id)).status).toBe(302);
    expect(await q.slots()).toEqual([
      { channelId: null, weekday: 1, time: "09:00" },
      { channelId: q.channel.id, weekday: 1, time: "09:00" },
      { channelId: q.channel.id, weekday: 3, time: "18:30" },
      { channelId: null, weekday: 4, time: "09:00" },
    ]);
    const loaded = await q.load();
    expect(loaded.body.timezone).toBe("Europe/Paris");
    expect(loaded.body.slots).toHaveLength(4);
    expect(loaded.body.channels.map((channel: { id: string }) => channel.id)).toEqual([q.channel.id]);
  });

  it("notes a Sunday 02:30 slot, which the clock skips on the coming spring-forward day", async () => {
    const q = await queueUser();
    await q.add(["7"], "02:30");
    await q.add(["7"], "09:00");
    const { slots, skipped } = (await q.load()).body;
    const early = slots.find((slot: { time: string }) => slot.time === "02:30");
    expect(Object.keys(skipped)).toEqual([early.id]);
    expect(skipped[early.id].movedTo).toBe("03:00");
    expect(skipped[early.id].date).toMatch(/^\d{4}-03-(2[5-9]|3[01])$/);
  });

  it("refuses a duplicate, naming it in the user's language, and adds none of the other days", async () => {
    const q = await queueUser();
    await q.add(["1", "4"], "09:00");
    const refused = await q.add(["1", "2", "4"], "09:00", "", "fr");
    expect(refused.status).toBe(422);
    expect(refused.body.intent).toBe("add");
    expect(refused.body.result.error[""]).toEqual(["Déjà dans votre file : lundi 09:00, jeudi 09:00. Rien n’a été ajouté."]);
    expect((await q.add(["4"], "09:00")).body.result.error[""]).toEqual(["Already in your queue: Thursday 9:00 AM. Nothing was added."]);
    expect(await q.slots()).toHaveLength(2);
  });

  it("refuses another user's account, and bad days or times, changing nothing", async () => {
    const q = await queueUser();
    const other = await queueUser();
    const foreign = await q.add(["1"], "09:00", other.channel.id, "fr");
    expect(foreign.status).toBe(422);
    expect(foreign.body.result.error.channelId).toEqual(["queue.validation.channel"]);

    const bad = await q.post({ intent: "add", weekdays: ["0", "8"], time: "25:00" }, "fr");
    expect(bad.status).toBe(400);
    expect(bad.body.result.error).toMatchObject({ "weekdays[0]": ["queue.slots.errors.weekdays"], time: ["queue.validation.time"] });
    const noDay = await q.post({ intent: "add", time: "9:00" });
    expect(noDay.body.result.error).toMatchObject({ weekdays: ["queue.slots.errors.weekdays"], time: ["queue.validation.time"] });
    expect((await q.post({ intent: "add", weekdays: "monday", time: "09:00" })).status).toBe(400);
    expect((await q.post({ intent: "dance" })).status).toBe(400);
    expect(await q.slots()).toEqual([]);
    expect(await other.slots()).toEqual([]);
  });

  it("keeps the queue at 100 slots: an add that would pass it is refused whole", async () => {
    const q = await queueUser();
    await fill(q.user.id, 98);
    const refused = await q.add(["1", "2", "3"], "23:50");
    expect(refused.status).toBe(422);
    expect(refused.body.result.error[""]).toEqual(["Your queue holds at most 100 time slots: it has 98, and this adds 3. Remove some first."]);
    expect(await q.slots()).toHaveLength(98);
    expect((await q.add(["1", "2"], "23:50")).status).toBe(302);
    expect(await q.slots()).toHaveLength(100);
    expect((await q.add(["3"], "23:50")).status).toBe(422);
  });

  it("never passes 100 slots nor doubles a slot under 20 parallel adds", async () => {
    const q = await queueUser();
    await fill(q.user.id, 90);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => q.add([String((i % 7) + 1)], `23:${String(i).padStart(2, "0")}`)));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(10);
    expect(await q.slots()).toHaveLength(100);

    const same = await queueUser();
    const twins = await Promise.all(Array.from({ length: 20 }, () => same.add(["2"], "07:45")));
    expect(twins.filter((answer) => answer.status === 302)).toHaveLength(1);
    expect(await same.slots()).toEqual([{ channelId: null, weekday: 2, time: "07:45" }]);
  });
});

describe("/queue: removing slots", () => {
  it("removes one slot with an undo that adds it back, and frees its place under the bound", async () => {
    const q = await queueUser();
    await fill(q.user.id, 99);
    await q.add(["5"], "12:00", q.channel.id);
    const slot = await getDb().queueSlot.findFirstOrThrow({ where: { userId: q.user.id, channelId: q.channel.id } });
    const removed = await q.remove(slot.id);
    expect(removed.status).toBe(302);
    const toast = await toastOf(removed);
    expect(toast.title).toBe("Friday 12:00 PM removed from your queue.");
    expect(toast.actions).toEqual([{ label: "Undo", formAction: "/queue", fields: { intent: "add", weekdays: "5", time: "12:00", channelId: q.channel.id } }]);
    expect(await q.slots()).toHaveLength(99);
    // The undo is the toast's form, posted as is.
    const undo = toast.actions[0]!;
    expect("fields" in undo && (await q.post(undo.fields!)).status).toBe(302);
    expect(await getDb().queueSlot.count({ where: { userId: q.user.id, channelId: q.channel.id, weekday: 5, time: "12:00" } })).toBe(1);
  });

  it("refuses to remove another user's slot, or one already gone", async () => {
    const q = await queueUser();
    const other = await queueUser();
    await other.add(["1"], "09:00");
    const theirs = await getDb().queueSlot.findFirstOrThrow({ where: { userId: other.user.id } });
    const refused = await q.remove(theirs.id, "fr");
    expect(refused.status).toBe(302);
    expect(await toastOf(refused)).toMatchObject({ color: "error", title: "Cet horaire n’est plus dans votre file." });
    expect(await other.slots()).toHaveLength(1);
    expect((await other.remove(theirs.id)).status).toBe(302);
    expect((await toastOf(await other.remove(theirs.id))).color).toBe("error");
    expect((await q.post({ intent: "remove" })).status).toBe(400);
  });

  it("removes all of the user's slots, and only theirs", async () => {
    const q = await queueUser();
    const other = await queueUser();
    await q.add(["1", "2", "3"], "09:00");
    await other.add(["1"], "09:00");
    const cleared = await q.clear();
    expect(cleared.status).toBe(302);
    expect((await toastOf(cleared)).title).toBe("3 time slots removed: your queue is empty.");
    expect(await q.slots()).toEqual([]);
    expect(await other.slots()).toHaveLength(1);
  });

  it("answers only a signed-in user", async () => {
    const answer = await call(page.loader as Handler, { url: URL_ });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/login/);
  });
});

describe("/profile: changing the time zone", () => {
  const saveZone = (cookie: string, timezone: string, lang?: string) =>
    call(profile.action as Handler, { method: "POST", url: "http://localhost:3000/profile", cookie, form: { intent: "updateTimezone", timezone }, lang });

  it("says the queue's slots keep their wall-clock times, with the count", async () => {
    const q = await queueUser();
    const none = await toastOf(await saveZone(q.cookie, "America/New_York"));
    expect(none).toMatchObject({ title: "Time zone saved." });
    expect(none.description).toBeUndefined();

    await q.add(["2", "4"], "09:00");
    await q.add(["1"], "18:30");
    const saved = await toastOf(await saveZone(q.cookie, "Europe/Paris"));
    expect(saved.description).toBe("Your 3 queue time slots keep their times on the clock. 6:30 PM is now 6:30 PM in Europe/Paris.");
    const fr = await toastOf(await saveZone(q.cookie, "America/New_York", "fr"));
    expect(fr.description).toBe("Les 3 horaires de votre file gardent leur heure à l’horloge. 18:30 est désormais 18:30 dans le fuseau America/New York.");
    expect(await q.slots()).toEqual([
      { channelId: null, weekday: 1, time: "18:30" },
      { channelId: null, weekday: 2, time: "09:00" },
      { channelId: null, weekday: 4, time: "09:00" },
    ]);
  });
});
