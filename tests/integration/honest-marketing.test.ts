import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadAllContent } from "~/modules/content/content.server";
import * as home from "~/routes/_default._index";
import * as pricingPage from "~/routes/_default.pricing";
import * as signupPage from "~/routes/_auth.signup";
import { turnBillingOff, turnBillingOn } from "./billing-switch";

// Issue 26: a self-hosted site shows no invented testimonials, customer logos or euro prices.

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as unknown as LoaderFunctionArgs;
const load = async (route: { loader: (args: LoaderFunctionArgs) => unknown }, url: string) => JSON.stringify(await route.loader(args(url)));

beforeAll(() => loadAllContent());
afterEach(() => turnBillingOff());

describe("marketing pages", () => {
  it("without billing, /pricing sends no plan nor price and says the server is free", async () => {
    turnBillingOff();
    const page = await load(pricingPage, "http://localhost:3000/pricing");
    expect(page).not.toMatch(/€|EUR|"monthly":29/);
    expect(page).toContain("Free on this server");
  });

  it("with billing configured, /pricing shows the plans from content/", async () => {
    turnBillingOn();
    const page = await load(pricingPage, "http://localhost:3000/pricing");
    expect(page).toContain('"monthly":29');
  });

  it("the home page quotes nobody, names no customer, and speaks of a trial only with billing", async () => {
    turnBillingOff();
    const selfHosted = await load(home, "http://localhost:3000/");
    expect(selfHosted).not.toMatch(/testimonials|Claire Morvan|14-day Pro trial|money-back/);
    expect(selfHosted).toContain("Free on this server");
    turnBillingOn();
    expect(await load(home, "http://localhost:3000/")).toContain("14-day Pro trial");
  });

  it("the home page speaks of a waitlist discount only with billing", async () => {
    turnBillingOff();
    const selfHosted = await load(home, "http://localhost:3000/");
    expect(selfHosted).not.toMatch(/20% off|20% discount|lower price/);
    expect(selfHosted).toContain("LinkedIn, X, Bluesky and Mastodon");
    turnBillingOn();
    const billed = await load(home, "http://localhost:3000/");
    expect(billed).toContain("Lifetime 20% discount on Pro");
    expect(billed).toContain("lifetime 20% off");
  });

  it("sign-up promises a trial only where billing is configured", async () => {
    turnBillingOff();
    expect(await signupPage.loader(args("http://localhost:3000/signup"))).toEqual({ billing: false });
    turnBillingOn();
    expect(await signupPage.loader(args("http://localhost:3000/signup"))).toEqual({ billing: true });
  });
});
