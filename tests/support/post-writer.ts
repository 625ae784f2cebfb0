// A process of the app writing posts one after another through its own modules, as a busy server
// would, for the backup test: prints "committed <id>" once each post's transaction has committed,
// "failed <message>" for any write that failed, and stops at SIGTERM ("stopped").
import { createPost } from "~/modules/posts/post.server";

const userId = process.argv[2]!;
let running = true;
process.once("SIGTERM", () => (running = false));

let n = 0;
while (running) {
  n += 1;
  try {
    const post = await createPost(userId, { platforms: ["linkedin"], linkedinText: `Written under load, number ${n}` });
    process.stdout.write(`committed ${post.id}\n`);
  } catch (error) {
    process.stdout.write(`failed ${(error as Error).message.replace(/\n/g, " ")}\n`);
  }
  // Local libsql calls are synchronous: let the signal and the pipe through between writes.
  await new Promise((resolve) => setImmediate(resolve));
}
process.stdout.write("stopped\n");
process.exit(0);
