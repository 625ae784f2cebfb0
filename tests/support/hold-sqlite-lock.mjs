// Another process holding SQLite's write lock on a file, as a backup tool would: takes it, says
// "locked", and keeps it until it reads a line on stdin; then says "released" and exits.
import { createInterface } from "node:readline";
import Database from "libsql";

const db = new Database(process.argv[2]);
// It waits its turn like any writer (the app may be writing), then keeps the lock.
db.prepare("PRAGMA busy_timeout = 10000").all();
db.exec("BEGIN IMMEDIATE");
console.log("locked");
createInterface({ input: process.stdin }).once("line", () => {
  db.exec("COMMIT");
  db.close();
  console.log("released");
  process.exit(0);
});
