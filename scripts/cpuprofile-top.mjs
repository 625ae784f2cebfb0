// Summarises .cpuprofile files (node --cpu-prof): self time by function and by module, largest
// first. Usage: node scripts/cpuprofile-top.mjs <file-or-directory>… [--top 30]
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 30;
const files = args.flatMap((arg) =>
  statSync(arg).isDirectory()
    ? readdirSync(arg)
        .filter((name) => name.endsWith(".cpuprofile"))
        .map((name) => path.join(arg, name))
    : [arg],
);

/** A short module name: the package under node_modules, the file under the project, or node's own. */
function moduleOf(url) {
  if (!url) return "(native/vm)";
  const file = url.replace(/^file:\/\//, "");
  const nm = file.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = file.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (file.startsWith("node:")) return file;
  return path.relative(process.cwd(), file);
}

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  // timeDeltas[i] is the time before samples[i]: attribute it to that sample's node.
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map();
  const byModule = new Map();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const mod = moduleOf(callFrame.url);
    const fn = `${callFrame.functionName || "(anonymous)"}  ${mod}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ""}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byModule.set(mod, (byModule.get(mod) ?? 0) + us);
  }
  const print = (title, map) => {
    console.log(`\n${title}`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`);
    }
  };
  console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
  print("Self time by module", byModule);
  print("Self time by function", byFunction);
}
