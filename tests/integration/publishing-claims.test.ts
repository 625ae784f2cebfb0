// Claims (ADR 0013, 0033): publishers claiming at the same moment take different deliveries, and
// each gets its full share rather than losing rows to the other.
import { afterAll, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { seedTargets } from "../support/targets";
import { claimDue } from "~/modules/publishing/claim.server";

const due = new Date(Date.now() - 1000);
let postIds: string[] = [];

afterAll(async () => {
  await getDb().post.deleteMany({ where: { id: { in: postIds } } });
});

it("two publishers claiming at once take different deliveries, each as many as it asked for", async () => {
  const db = getDb();
  const user = await db.user.create({ data: { email: `claims-${Date.now()}@example.com`, passwordHash: "x" } });
  const posts = await db.post.createManyAndReturn({
    data: Array.from({ length: 30 }, (_, i) => ({
      userId: user.id,
      workspaceId: user.id,
      status: "scheduled",
      platforms: "linkedin",
      linkedinText: `Claim ${i}`,
      scheduledAt: due,
    })),
    select: { id: true },
  });
  postIds = posts.map((post) => post.id);
  for (const postId of postIds) await seedTargets({ id: postId }, ["linkedin"], () => ({ status: "pending", nextAttemptAt: due }));

  for (let round = 0; round < 3; round++) {
    const [a, b] = await Promise.all([claimDue(`first-${round}`, "linkedin", 5), claimDue(`second-${round}`, "linkedin", 5)]);
    expect(a).toHaveLength(5);
    expect(b).toHaveLength(5);
    const ids = [...a, ...b].map((claimed) => claimed.id);
    expect(new Set(ids).size).toBe(10);
    const owners = await db.delivery.findMany({ where: { id: { in: ids } }, select: { id: true, leaseOwner: true, attempts: true, status: true } });
    for (const claimed of a)
      expect(owners.find((row) => row.id === claimed.id)).toMatchObject({ leaseOwner: `first-${round}`, attempts: 1, status: "publishing" });
    for (const claimed of b)
      expect(owners.find((row) => row.id === claimed.id)).toMatchObject({ leaseOwner: `second-${round}`, attempts: 1, status: "publishing" });
    expect(a[0]).toMatchObject({ platform: "linkedin", attempts: 1, sentAt: null });
  }
  expect(await db.delivery.count({ where: { postId: { in: postIds }, status: "pending" } })).toBe(0);
});
