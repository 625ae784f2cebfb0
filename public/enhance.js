// Plume: enhancements for the pages sent without the app's JavaScript (the landing page, kept
// light). Everything here also works without it: the waitlist form posts, the search link opens
// /search, the language buttons post. This only makes them nicer.

const $ = (selector, root = document) => root.querySelector(selector);

// The count's sentence as i18next says it (the page has the forms: zero, one, many, other…): the
// form for 0 when there is one, else the language's plural category, the number formatted.
function countText(forms, n) {
  const lang = document.documentElement.lang;
  const form = n === 0 && forms.zero ? forms.zero : (forms[new Intl.PluralRules(lang).select(n)] ?? forms.other);
  return form.replace(/{{\s*count\s*(,\s*number\s*)?}}/g, new Intl.NumberFormat(lang).format(n));
}

// The VIP waitlist: submitted in place; the count of registered professionals updates.
function enhanceWaitlist() {
  const form = $("[data-waitlist-form]");
  if (!form) return;
  const count = $("[data-testid=waitlist-count]");
  const formErrors = $("[data-waitlist-errors]", form);

  const showFieldError = (input, message) => {
    const id = `${input.id}-error`;
    document.getElementById(id)?.remove();
    input.removeAttribute("aria-invalid");
    if (!message) return;
    const list = document.createElement("ul");
    list.id = id;
    list.className = "flex flex-col gap-1 text-sm text-error";
    list.innerHTML = "<li></li>";
    list.firstChild.textContent = message;
    input.insertAdjacentElement("afterend", list);
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = $("button[type=submit]", form);
    const data = Object.fromEntries(new FormData(form));
    button.disabled = true;
    formErrors.textContent = "";
    try {
      const response = await fetch("/api/waitlist", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ fullName: data.fullName, email: data.email, website: data.website }),
      });
      const body = await response.json();
      for (const name of ["fullName", "email"]) showFieldError(form.elements[name], body.error?.fields?.[name]);
      if (!response.ok) {
        if (!body.error?.fields) formErrors.textContent = body.error?.message ?? "";
        form.querySelector("[aria-invalid=true]")?.focus();
        return;
      }
      const thanks = document.createElement("p");
      thanks.setAttribute("role", "status");
      thanks.className = "mt-6 rounded-xl bg-success/10 p-4 text-sm";
      thanks.textContent = form.dataset.thanks;
      form.replaceWith(thanks);
      if (count) count.textContent = countText(JSON.parse(count.dataset.forms), body.data.count);
    } catch {
      form.submit(); // the network failed: let the page do it the plain way
    } finally {
      button.disabled = false;
    }
  });
}

// Meta+K / Ctrl+K: the search dialog (a native <dialog>), at most 42 results, keyboard navigable.
function enhanceSearch() {
  const link = $("[data-search-link]");
  if (!link) return;
  const words = link.dataset;
  const kinds = JSON.parse(words.kinds ?? "{}");
  let dialog;
  let input;
  let list;
  let results = [];
  let active = 0;
  let timer;

  const render = () => {
    list.replaceChildren();
    if (input.value.trim() && results.length === 0) {
      const none = document.createElement("li");
      none.className = "p-4 text-center text-sm text-muted-foreground";
      none.textContent = words.none.replace("{{q}}", input.value.trim());
      list.append(none);
    }
    results.forEach((result, index) => {
      const item = document.createElement("li");
      item.setAttribute("role", "presentation");
      const a = document.createElement("a");
      a.href = result.path;
      a.id = `search-result-${index}`;
      a.setAttribute("role", "option");
      a.setAttribute("aria-selected", String(index === active));
      a.tabIndex = -1;
      a.className = `flex flex-col gap-0.5 rounded-lg px-3 py-2 hover:bg-muted${index === active ? " bg-accent" : ""}`;
      const title = document.createElement("span");
      title.className = "font-medium";
      title.textContent = `${kinds[result.kind] ?? ""} · ${result.title}`;
      const description = document.createElement("span");
      description.className = "line-clamp-1 text-sm text-muted-foreground";
      description.textContent = result.description;
      a.append(title, description);
      item.append(a);
      list.append(item);
    });
    input.setAttribute("aria-expanded", String(results.length > 0));
    if (results.length) input.setAttribute("aria-activedescendant", `search-result-${active}`);
    else input.removeAttribute("aria-activedescendant");
  };

  const search = () => {
    clearTimeout(timer);
    const q = input.value.trim();
    if (!q) {
      results = [];
      render();
      return;
    }
    timer = setTimeout(async () => {
      const response = await fetch(`/api/search?${new URLSearchParams({ q })}`, { headers: { Accept: "application/json" } });
      results = response.ok ? (await response.json()).data : [];
      active = 0;
      render();
      // The search text sent to analytics is cut to 100 characters.
      window.plumeAnalytics?.capture("search", { query: q.slice(0, 100) });
    }, 150);
  };

  const build = () => {
    dialog = document.createElement("dialog");
    dialog.setAttribute("aria-label", words.title);
    dialog.className =
      "fixed top-[12vh] bottom-auto m-0 mx-auto h-fit max-h-[76vh] w-[calc(100%-2rem)] max-w-xl overflow-hidden rounded-xl border bg-card p-0 text-card-foreground shadow-xl backdrop:bg-slate-950/50";
    dialog.innerHTML = `<div class="flex items-center gap-2 border-b px-4"><input type="search" role="combobox" aria-controls="search-results" aria-expanded="false" class="h-12 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"><kbd class="rounded border px-1.5 text-xs text-muted-foreground">Esc</kbd></div><ul id="search-results" role="listbox" class="flex max-h-[60vh] flex-col gap-1 overflow-y-auto p-2"></ul>`;
    input = $("input", dialog);
    list = $("ul", dialog);
    input.placeholder = words.placeholder;
    input.setAttribute("aria-label", words.label);
    list.setAttribute("aria-label", words.title);
    input.addEventListener("input", search);
    input.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        active = Math.max(0, Math.min(results.length - 1, active + (event.key === "ArrowDown" ? 1 : -1)));
        render();
      } else if (event.key === "Enter") {
        event.preventDefault();
        const target = results[active];
        window.location.href = target ? target.path : `/search?${new URLSearchParams({ q: input.value })}`;
      }
    });
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) dialog.close(); // a click on the backdrop
    });
    document.body.append(dialog);
  };

  const open = () => {
    if (!dialog) build();
    if (!dialog.open) dialog.showModal();
    input.focus();
  };
  link.addEventListener("click", (event) => {
    event.preventDefault();
    open();
  });
  window.addEventListener("keydown", (event) => {
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
      event.preventDefault();
      if (dialog?.open) dialog.close();
      else open();
    }
  });
}

// The language buttons post (the server keeps the choice in a cookie); localStorage keeps it too.
function rememberLocale() {
  document.querySelectorAll('form[action="/set-locale"]').forEach((form) =>
    form.addEventListener("submit", (event) => {
      if (event.submitter?.value) localStorage.setItem("locale", event.submitter.value);
    }),
  );
}

// Analytics, as the app reports them: the page names the module (with PostHog's settings, or none).
function startAnalytics() {
  const meta = $('meta[name="plume-analytics"]');
  if (meta?.dataset.src) import(meta.dataset.src).catch(() => undefined);
}

enhanceWaitlist();
enhanceSearch();
rememberLocale();
startAnalytics();
