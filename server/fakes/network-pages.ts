// The HTML pages the fakes show a person: the consent page and a published post's page (the address
// the app links to after publishing). Plain, self-contained pages (inline style, no script), light
// or dark as the system asks, readable on a phone: `npm run demo` shows them to people.

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** A network's look: its name as shown and its accent colour. */
export interface NetworkLook {
  name: string;
  accent: string;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f3f2ef;--card:#fff;--text:#1d2226;--muted:#5e6670;--line:#dfe1e4}
@media (prefers-color-scheme:dark){:root{--bg:#0f1114;--card:#1b1f23;--text:#e8eaed;--muted:#a3aab2;--line:#30363d}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
.bar{display:flex;align-items:center;gap:.5rem;padding:.75rem 1rem;background:var(--accent);color:#fff;font-weight:600}
.bar small{font-weight:500;opacity:.9;margin-left:auto;font-size:.8rem}
main{max-width:36rem;margin:1.5rem auto;padding:0 1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.25rem}
h1{font-size:1.25rem;margin:0 0 .75rem}
.who{display:flex;align-items:center;gap:.75rem;margin:.75rem 0}
.who img{width:48px;height:48px;border-radius:50%;background:var(--line)}
.who b{display:block}.muted{color:var(--muted);font-size:.9rem}
ul{padding-left:1.25rem}
.actions{display:flex;gap:.75rem;justify-content:flex-end;flex-wrap:wrap;margin-top:1rem}
.actions form{margin:0}
button{font:inherit;font-weight:600;border-radius:999px;padding:.55rem 1.4rem;cursor:pointer;border:1px solid var(--accent)}
button.primary{background:var(--accent);color:#fff}
button.secondary{background:transparent;color:var(--text);border-color:var(--line)}
button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.post{border-top:1px solid var(--line);padding:1rem 0}.post:first-of-type{border-top:0;padding-top:0}
.post p{white-space:pre-wrap;overflow-wrap:anywhere;margin:.5rem 0 0}
.post.here{background:color-mix(in srgb,var(--accent) 8%,transparent);margin:0 -1.25rem;padding:1rem 1.25rem}
.label{font-size:.8rem;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.04em;margin:1rem 0 .25rem}
.comment{border-left:3px solid var(--line);padding-left:.75rem}
`;

/** A whole page in a network's colours; `demo` adds the line saying it is a simulation. */
export function networkPage(look: NetworkLook, { title, body, demo }: { title: string; body: string; demo: boolean }): string {
  const tag = demo ? `<small>Demonstration: a simulation inside Plume, nothing is sent anywhere</small>` : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>:root{--accent:${look.accent}}${STYLE}</style></head><body><header class="bar"><span>${escapeHtml(look.name)}</span>${tag}</header><main>${body}</main></body></html>`;
}

/** The account a consent page signs in as, with its picture. */
export function accountLine(name: string, handle: string, picture: string): string {
  return `<div class="who"><img src="${escapeHtml(picture)}" alt=""><span><b>${escapeHtml(name)}</b><span class="muted">${escapeHtml(handle)}</span></span></div>`;
}

/** One published item (post, thread part, comment) as the network shows it. */
export interface ShownItem {
  author: string;
  handle: string;
  picture: string;
  text: string;
  at: Date;
  /** The item the page is the address of. */
  here?: boolean;
  href?: string;
}

export function shownItem(item: ShownItem, extraClass = ""): string {
  const time = `<time datetime="${item.at.toISOString()}">${item.at.toISOString().slice(0, 16).replace("T", " ")} UTC</time>`;
  const link = item.href ? `<a href="${escapeHtml(item.href)}">${time}</a>` : time;
  return `<article class="post ${item.here ? "here" : ""} ${extraClass}">${accountLine(item.author, item.handle, item.picture)}<p>${escapeHtml(item.text)}</p><div class="muted">${link}</div></article>`;
}
