// The admin's e-mail search takes what is typed literally: "_" and "%" are characters, not LIKE
// wildcards, and a NUL byte (which PostgreSQL refuses in text) is no 500, on the page and the API.
import { beforeAll, describe, expect, it } from "vitest";
import * as apiUsers from "~/routes/api.admin.users";
import * as usersPage from "~/routes/_dashboard.admin.users";
import { args, makeUser, outcome, type Handler } from "../support/admin";

let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  admin = await makeUser("admin@example.com");
  for (const local of ["abxcd", "ab_cd", "ab%cd", "abcd", "ab\\cd"]) await makeUser(`${local}@search.example`);
});

const apiEmails = async (q: string) => {
  const answer = await outcome(apiUsers.loader as Handler, args(`/api/admin/users?sort=email&q=${encodeURIComponent(q)}`, { cookie: admin.cookie }));
  expect(answer.status).toBe(200);
  return (answer.body.data as { email: string }[]).map((user) => user.email);
};

const pageEmails = async (q: string) => {
  const answer = await outcome(usersPage.loader as Handler, args(`/admin/users?sort=email&q=${encodeURIComponent(q)}`, { cookie: admin.cookie }));
  expect(answer.status).toBe(200);
  return (answer.body.users as { email: string }[]).map((user) => user.email);
};

describe("admin search", () => {
  it("takes _ and % literally: b_c finds ab_cd, not abxcd", async () => {
    for (const emails of [apiEmails, pageEmails]) {
      expect(await emails("b_c")).toEqual(["ab_cd@search.example"]);
      expect(await emails("b%c")).toEqual(["ab%cd@search.example"]);
      expect(await emails("b\\c")).toEqual(["ab\\cd@search.example"]);
      expect(await emails("%")).toEqual(["ab%cd@search.example"]);
      expect(await emails("_cd@search")).toEqual(["ab_cd@search.example"]);
    }
  });

  it("still finds a plain part of an address, in any case", async () => {
    expect(await apiEmails("BCD@SEARCH")).toEqual(["abcd@search.example"]);
    expect(await pageEmails("@search.example")).toHaveLength(5);
  });

  it("answers a NUL byte in the search without an error, on the page and the API", async () => {
    expect(await apiEmails("\u0000")).toHaveLength(0);
    expect(await pageEmails("\u0000")).toHaveLength(0);
    expect(await apiEmails("ab\u0000cd")).toHaveLength(0);
  });
});
