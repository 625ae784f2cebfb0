// Another process holding SQLite's write lock on a file, as a backup tool would: takes it, says
// "locked", and keeps it until it reads a line on stdin; then says "released" and exits. With
// --on-demand it says "ready" first and takes the lock at its first line (already running: at once).
import { createInterface } from "node:readline";
import Database from "libsql";

const db = new Database(process.argv[2]);
// It waits its turn like any writer (the app may be writing), then keeps the lock.
db.prepare("PRAGMA busy_timeout = 10000").all();
const lines = createInterface({ input: process.stdin });
const lock = () => {
  db.exec("BEGIN IMMEDIATE");
  console.log("locked");
  lines.once("line", () => {
    db.exec("COMMIT");
    db.close();
    console.log("released");
    process.exit(0);
  });
};
if (process.argv[3] === "--on-demand") {
  console.log("ready");
  lines.once("line", lock);
} else {
  lock();
}
