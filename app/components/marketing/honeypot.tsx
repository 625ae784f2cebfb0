import { HONEYPOT_FIELD } from "~/modules/marketing/schemas";

/** A field people never see or reach; a bot that fills it in is answered as if all went well. */
export function Honeypot() {
  return (
    <div aria-hidden className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
