// The webhook signature checks printed in the "Automate with the API" docs (content/<lang>/docs/api/
// automate.md) run as printed: the Node one is imported from the page's code block, the Python one
// run with python3, each against signatures computed here (and by the other language).
import { spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PAGES = ["en", "fr"].map((lang) => readFileSync(path.resolve(`content/${lang}/docs/api/automate.md`), "utf8"));

/** The page's fenced block in `language` that contains `marker`. */
function codeBlock(page: string, language: string, marker: string): string {
  const blocks = [...page.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)\\n```", "g"))].map((match) => match[1]!);
  const found = blocks.filter((block) => block.includes(marker));
  expect(found, `one ${language} block with ${marker}`).toHaveLength(1);
  return found[0]!;
}

const NODE_CODE = codeBlock(PAGES[0]!, "js", "export function verifyPlumeWebhook");
const PYTHON_CODE = codeBlock(PAGES[0]!, "python", "def verify_plume_webhook");

const SECRET = "whsec_3f9a0c1e5b7d4a2f8e6c0b1d9a7f5e3c";
const NOW = 1_796_000_000; // unix seconds
const BODY = JSON.stringify({ id: "evt_01", type: "post.published", createdAt: "2026-12-01T09:00:02.000Z", data: { post: { id: "p1" } } });

/** The signature as the docs describe it, computed here without the snippets. */
const sign = (body: string, t: number, secret = SECRET) => `t=${t},v1=${createHmac("sha256", secret).update(`${t}.${body}`).digest("hex")}`;

type Verify = (rawBody: string | Buffer, header: string, secret: string, now?: number) => unknown;
let dir: string;
let verifyNode: Verify;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "plume-webhook-snippet-"));
  writeFileSync(path.join(dir, "verify.mjs"), NODE_CODE);
  writeFileSync(path.join(dir, "verify.py"), PYTHON_CODE);
  ({ verifyPlumeWebhook: verifyNode } = (await import(/* @vite-ignore */ pathToFileURL(path.join(dir, "verify.mjs")).href)) as { verifyPlumeWebhook: Verify });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The bad deliveries both snippets must refuse: [what, body, header]. */
const REFUSED: Array<[string, string, string]> = [
  ["a changed body", BODY.replace("p1", "p2"), sign(BODY, NOW)],
  ["another secret", BODY, sign(BODY, NOW, "whsec_other")],
  ["a timestamp 301 s old", BODY, sign(BODY, NOW - 301)],
  ["a timestamp 301 s ahead", BODY, sign(BODY, NOW + 301)],
  ["a signature made for another timestamp", BODY, sign(BODY, NOW - 10).replace(`t=${NOW - 10}`, `t=${NOW}`)],
  ["no v1", BODY, `t=${NOW}`],
  ["no t", BODY, sign(BODY, NOW).replace(/^t=\d+,/, "")],
  ["a v1 that is not hexadecimal", BODY, `t=${NOW},v1=zz`],
  ["a truncated v1", BODY, sign(BODY, NOW).slice(0, -2)],
  ["an empty header", BODY, ""],
];

describe("the docs' webhook signature check", () => {
  it("is the same code in every language of the page", () => {
    for (const page of PAGES.slice(1)) {
      expect(codeBlock(page, "js", "export function verifyPlumeWebhook")).toBe(NODE_CODE);
      expect(codeBlock(page, "python", "def verify_plume_webhook")).toBe(PYTHON_CODE);
    }
  });

  describe("in Node", () => {
    it("accepts a signed delivery, body as a string or as the raw bytes, up to 5 minutes either way", () => {
      expect(verifyNode(BODY, sign(BODY, NOW), SECRET, NOW * 1000)).toEqual(JSON.parse(BODY));
      expect(verifyNode(Buffer.from(BODY), sign(BODY, NOW), SECRET, NOW * 1000)).toEqual(JSON.parse(BODY));
      expect(verifyNode(BODY, sign(BODY, NOW - 300), SECRET, NOW * 1000)).toEqual(JSON.parse(BODY));
      expect(verifyNode(BODY, ` ${sign(BODY, NOW + 300).replace(",", ", ")}`, SECRET, NOW * 1000)).toEqual(JSON.parse(BODY));
    });

    it.each(REFUSED)("refuses %s", (_what, body, header) => {
      expect(() => verifyNode(body, header, SECRET, NOW * 1000)).toThrow();
    });
  });

  const python = spawnSync("python3", ["--version"]).status === 0;
  if (!python) console.warn("[plume] python3 is not installed: the docs' Python webhook check is NOT tested.");

  /** Runs the page's Python function on one delivery: "ok <event id>" or "refused". */
  const runPython = (body: string, header: string) => {
    const harness = `
import json, sys
sys.path.insert(0, ${JSON.stringify(dir)})
from verify import verify_plume_webhook
args = json.load(sys.stdin)
try:
    event = verify_plume_webhook(args["body"].encode(), args["header"], args["secret"], now=args["now"])
    print("ok", event["id"])
except ValueError:
    print("refused")
`;
    const run = spawnSync("python3", ["-c", harness], { input: JSON.stringify({ body, header, secret: SECRET, now: NOW }), encoding: "utf8" });
    expect(run.stderr).toBe("");
    return run.stdout.trim();
  };

  describe.skipIf(!python)("in Python", () => {
    it("accepts a delivery signed here, up to 5 minutes either way", () => {
      expect(runPython(BODY, sign(BODY, NOW))).toBe("ok evt_01");
      expect(runPython(BODY, sign(BODY, NOW - 300))).toBe("ok evt_01");
      expect(runPython(BODY, sign(BODY, NOW + 300))).toBe("ok evt_01");
    });

    it.each(REFUSED)("refuses %s", (_what, body, header) => {
      expect(runPython(body, header)).toBe("refused");
    });

    it("agrees with Python's own HMAC: a signature made by Python passes the Node check", () => {
      const made = spawnSync(
        "python3",
        [
          "-c",
          `import hmac, hashlib, sys; b = sys.stdin.buffer.read(); print(hmac.new(${JSON.stringify(SECRET)}.encode(), b"${NOW}." + b, hashlib.sha256).hexdigest())`,
        ],
        { input: BODY, encoding: "utf8" },
      );
      expect(verifyNode(BODY, `t=${NOW},v1=${made.stdout.trim()}`, SECRET, NOW * 1000)).toEqual(JSON.parse(BODY));
    });
  });
});
