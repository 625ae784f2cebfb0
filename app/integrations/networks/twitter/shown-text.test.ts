import { describe, expect, it } from "vitest";
import { isShownAs } from "./shown-text";

const plain = (text: string) => ({ text, withPhotos: false });
const photos = (text: string) => ({ text, withPhotos: true });

describe("isShownAs: the text X shows back against the text sent", () => {
  it("unescapes &, < and > once", () => {
    expect(isShownAs("Tom &amp; Jerry &lt;3 &gt;_&lt;", plain("Tom & Jerry <3 >_<"))).toBe(true);
    expect(isShownAs("&amp;amp; stays", plain("&amp; stays"))).toBe(true);
    expect(isShownAs("&amp; stays", plain("&amp; stays"))).toBe(false);
    expect(isShownAs("Tom &amp; Jerry", plain("Tom and Jerry"))).toBe(false);
  });

  it("takes the photos' t.co link after the text, or alone, only when there were photos", () => {
    expect(isShownAs("Sunset https://t.co/AbCdEf1234", photos("Sunset"))).toBe(true);
    expect(isShownAs("https://t.co/AbCdEf1234", photos(""))).toBe(true);
    expect(isShownAs("Sunset", photos("Sunset"))).toBe(true);
    expect(isShownAs("Sunset https://t.co/AbCdEf1234", plain("Sunset"))).toBe(false);
    expect(isShownAs("Sunset https://t.co/AbCdEf1234 https://t.co/ZyXwVu9876", photos("Sunset"))).toBe(false);
  });

  it("takes a t.co link for any URL in the text, bare domains and URLs holding & included", () => {
    expect(isShownAs("Read https://t.co/AbCdEf1234 now", plain("Read https://example.com/a?b=1&c=2 now"))).toBe(true);
    expect(isShownAs("see https://t.co/AbCdEf1234 &amp; https://t.co/ZyXwVu9876.", plain("see example.com & www.example.org/x."))).toBe(true);
    expect(isShownAs("(https://t.co/AbCdEf1234) https://t.co/ZyXwVu9876", photos("(https://example.com/x)"))).toBe(true);
    expect(isShownAs("Read now", plain("Read https://example.com now"))).toBe(false);
    expect(isShownAs("Read https://t.co/AbCdEf1234 now", plain("Read now"))).toBe(false);
  });

  it("forgives spacing and Unicode composition, not other differences", () => {
    expect(isShownAs("Line one\nline  two ", plain(" Line one\r\nline two"))).toBe(true);
    expect(isShownAs("Caf\u00e9", plain("Cafe\u0301"))).toBe(true);
    expect(isShownAs("Hello world", plain("Hello World"))).toBe(false);
    expect(isShownAs("Hello world!", plain("Hello world"))).toBe(false);
  });
});
