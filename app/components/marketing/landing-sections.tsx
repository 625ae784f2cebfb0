import { Link } from "@remix-run/react";
import { Quote } from "lucide-react";
import { Button } from "~/components/ui/button";
import type { IndexContent } from "~/modules/content/schemas";
import { ContentIcon } from "./content-icon";

// The landing page's sections, every word from content/<locale>/index.yaml.

export function Hero({ hero, signedIn, dashboardLabel }: { hero: IndexContent["hero"]; signedIn: boolean; dashboardLabel: string }) {
  const [before, after] = hero.highlight ? splitOnce(hero.title, hero.highlight) : [hero.title, null];
  return (
    <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/70 to-background">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6 sm:py-28">
        {hero.badge ? <p className="rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">{hero.badge}</p> : null}
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          {before}
          {after !== null ? (
            <>
              <span className="text-primary">{hero.highlight}</span>
              {after}
            </>
          ) : null}
        </h1>
        <p className="max-w-2xl text-lg text-pretty text-muted-foreground">{hero.description}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {signedIn ? (
            <Button asChild size="lg">
              <Link to="/posts">{dashboardLabel}</Link>
            </Button>
          ) : (
            <Button asChild size="lg">
              <Link to={hero.primary.to}>{hero.primary.label}</Link>
            </Button>
          )}
          {hero.secondary ? (
            <Button asChild size="lg" variant="outline">
              <Link to={hero.secondary.to}>{hero.secondary.label}</Link>
            </Button>
          ) : null}
        </div>
        {hero.note ? <p className="text-sm text-muted-foreground">{hero.note}</p> : null}
      </div>
    </section>
  );
}

function splitOnce(text: string, part: string): [string, string | null] {
  const at = text.indexOf(part);
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + part.length)];
}

export function Stats({ stats }: { stats: IndexContent["stats"] }) {
  if (!stats.length) return null;
  return (
    <dl className="grid grid-cols-2 gap-6 rounded-2xl border bg-muted/30 p-6 text-center md:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse gap-1">
          <dt className="text-sm text-muted-foreground">{stat.label}</dt>
          <dd className="text-3xl font-bold tracking-tight text-primary">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ItemsSection({
  id,
  title,
  description,
  items,
  columns = 3,
}: {
  id: string;
  title: string;
  description: string;
  items: IndexContent["features"]["items"];
  columns?: 2 | 3;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h2 id={`${id}-title`} className="text-3xl font-semibold tracking-tight text-balance">
          {title}
        </h2>
        <p className="mt-3 text-muted-foreground">{description}</p>
      </div>
      <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : ""}`}>
        {items.map((item) => (
          <li key={item.title} className="rounded-xl border bg-card p-6 shadow-xs">
            <span className="mb-4 grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
              <ContentIcon name={item.icon} />
            </span>
            <h3 className="font-semibold">{item.title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{item.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Testimonials({ testimonials }: { testimonials: NonNullable<IndexContent["testimonials"]> }) {
  return (
    <section aria-labelledby="testimonials-title">
      <h2 id="testimonials-title" className="mb-10 text-center text-3xl font-semibold tracking-tight">
        {testimonials.title}
      </h2>
      <ul className="grid gap-6 md:grid-cols-2">
        {testimonials.items.map((item) => (
          <li key={item.author.name}>
            <figure className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 shadow-xs">
              <Quote aria-hidden className="size-5 text-primary" />
              <blockquote className="flex-1 text-pretty">{item.quote}</blockquote>
              <figcaption className="flex items-center gap-3 text-sm">
                <span aria-hidden className="grid size-9 place-items-center rounded-full bg-accent font-semibold text-accent-foreground">
                  {item.author.name[0]}
                </span>
                <span>
                  <span className="block font-medium">{item.author.name}</span>
                  <span className="text-muted-foreground">{item.author.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CallToAction({ cta }: { cta: IndexContent["cta"] }) {
  return (
    <section aria-labelledby="cta-title" className="rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground">
      <h2 id="cta-title" className="text-3xl font-semibold tracking-tight text-balance">
        {cta.title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl opacity-90">{cta.description}</p>
      <Button asChild size="lg" variant="outline" className="mt-8 border-transparent bg-background text-foreground hover:bg-background/90">
        <Link to={cta.primary.to}>{cta.primary.label}</Link>
      </Button>
      {cta.note ? <p className="mt-4 text-sm opacity-90">{cta.note}</p> : null}
    </section>
  );
}
