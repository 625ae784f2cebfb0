import { unstable_parseMultipartFormData } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { MAX_FORM_FIELDS, MAX_JSON_DEPTH, MAX_JSON_VALUES } from "../app/modules/http/body-limits";
import { fieldCounter } from "./body-fields";

/** Feeds a body in chunks of `size` bytes; whether it stayed within its limit. */
function within(contentType: string, body: string, size = 7): boolean {
  const { add } = fieldCounter(contentType);
  const bytes = Buffer.from(body);
  for (let offset = 0; offset < bytes.byteLength; offset += size) if (!add(bytes.subarray(offset, offset + size))) return false;
  return true;
}

const FORM = "application/x-www-form-urlencoded";
const repeated = (count: number) => Array.from({ length: count }, () => "a=1").join("&");

function multipart(parts: number, boundary = "----plume7MA4YWxk"): string {
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n`;
  return `${part.repeat(parts)}--${boundary}--\r\n`;
}

describe("fieldCounter", () => {
  it("lets a url-encoded form of MAX_FORM_FIELDS fields through, and refuses one more", () => {
    expect(within(FORM, repeated(MAX_FORM_FIELDS))).toBe(true);
    expect(within(`${FORM}; charset=UTF-8`, repeated(MAX_FORM_FIELDS + 1))).toBe(false);
    expect(fieldCounter(FORM).kind).toBe("fields");
  });

  it("counts multipart parts, whether a delimiter arrives whole or split across chunks", () => {
    const type = "multipart/form-data; boundary=----plume7MA4YWxk";
    for (const size of [5, 64, 100_000]) {
      expect(within(type, multipart(MAX_FORM_FIELDS), size)).toBe(true);
      expect(within(type, multipart(MAX_FORM_FIELDS + 1), size)).toBe(false);
    }
    expect(within('multipart/form-data; boundary="quoted b"', multipart(MAX_FORM_FIELDS + 1, "quoted b"))).toBe(false);
  });

  it("does not count a multipart file's bytes as fields", () => {
    const type = "multipart/form-data; boundary=xyz";
    const file = `--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n${"&-,{[".repeat(50_000)}\r\n--xyz--\r\n`;
    expect(within(type, file, 4096)).toBe(true);
  });

  it("bounds a JSON body's values and nesting, ignoring what is inside strings", () => {
    const type = "application/json";
    expect(fieldCounter(type).kind).toBe("json");
    const items = (count: number) => `{"list":[${Array.from({ length: count }, () => "1").join(",")}]}`;
    // The object and the array count as values, and each comma one more.
    expect(within(type, items(MAX_JSON_VALUES - 1))).toBe(true);
    expect(within(type, items(MAX_JSON_VALUES))).toBe(false);
    expect(within(type, `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`)).toBe(true);
    expect(within(type, `${"[".repeat(MAX_JSON_DEPTH + 1)}${"]".repeat(MAX_JSON_DEPTH + 1)}`)).toBe(false);
    expect(within(type, JSON.stringify({ text: `\\"${",[".repeat(MAX_JSON_VALUES)}` }))).toBe(true);
    // A body with no Content-Type is read as JSON by the API, so it is counted as JSON.
    expect(within("", items(MAX_JSON_VALUES))).toBe(false);
  });

  it("hands the app a multipart Content-Type that both its readers understand: formData and the upload parser", async () => {
    for (const sent of ["multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxk", 'Multipart/Form-Data; charset=utf-8; boundary="quoted b"']) {
      const boundary = sent.includes("quoted") ? "quoted b" : "----WebKitFormBoundary7MA4YWxk";
      const request = () =>
        new Request("http://localhost/", { method: "POST", body: multipart(2, boundary), headers: { "Content-Type": fieldCounter(sent).contentType! } });
      expect((await request().formData()).getAll("email")).toEqual(["a", "a"]);
      const uploaded = await unstable_parseMultipartFormData(request(), async ({ data }) => {
        let text = "";
        for await (const chunk of data) text += Buffer.from(chunk).toString();
        return text;
      });
      expect(uploaded.getAll("email")).toEqual(["a", "a"]);
    }
  });
});
