import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { CalendarClock, Send } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";

interface Fields {
  when: FieldMetadata<string>;
  date: FieldMetadata<string | undefined>;
  time: FieldMetadata<string | undefined>;
}

/**
 * "Publish now" or a date and time in the user's own time zone. Without JavaScript both inputs
 * stay visible (they are ignored for "now"); with it they show only for "later".
 */
export function ScheduleFields({ fields, timezone, hideNow = false }: { fields: Fields; timezone: string; hideNow?: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [when, setWhen] = useState(String(fields.when.initialValue ?? "later"));
  const options = hideNow ? (["later"] as const) : (["now", "later"] as const);
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium">{t("create.schedule.whenLegend")}</legend>
        <div className={cn("grid gap-3", !hideNow && "sm:grid-cols-2")}>
          {options.map((value) => {
            const Icon = value === "now" ? Send : CalendarClock;
            return (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border bg-card p-4 shadow-xs hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="radio"
                  name={fields.when.name}
                  value={value}
                  defaultChecked={when === value}
                  onChange={() => setWhen(value)}
                  className="size-4 accent-primary"
                />
                <Icon aria-hidden className="size-5 text-primary" />
                <span className="font-medium">{t(`create.schedule.${value}`)}</span>
              </label>
            );
          })}
        </div>
        <ErrorList id={fields.when.errorId} errors={fields.when.errors} />
      </fieldset>
      <div className={cn("flex flex-col gap-3", hydrated && when === "now" && "hidden")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.date.id}>{t("create.schedule.date")}</Label>
            <Input {...getInputProps(fields.date, { type: "date" })} key={fields.date.key} />
            <ErrorList id={fields.date.errorId} errors={fields.date.errors} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.time.id}>{t("create.schedule.time")}</Label>
            <Input {...getInputProps(fields.time, { type: "time" })} key={fields.time.key} step={60} />
            <ErrorList id={fields.time.errorId} errors={fields.time.errors} />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">
          {t("create.schedule.zoneNote", { zone: timezone })}{" "}
          <Link to="/profile#account" className="font-medium text-primary hover:underline">
            {t("create.schedule.changeZone")}
          </Link>
        </p>
      </div>
    </div>
  );
}
