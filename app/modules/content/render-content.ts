import { ContentError } from "./content-types";
import { loadContent } from "./content-files.server";

// The content reader the built server runs as a child process (content.server.ts): reads the
// folder given as its argument and prints the result as JSON; a bad file is printed on stderr.
const dir = process.argv[2];
try {
  if (!dir) throw new Error("Usage: render-content <content folder>");
  process.stdout.write(JSON.stringify(loadContent(dir)));
} catch (error) {
  process.stderr.write(error instanceof ContentError ? error.message : String(error));
  process.exitCode = 1;
}
