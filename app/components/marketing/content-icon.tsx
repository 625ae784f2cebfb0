import {
  BadgeCheck,
  BellRing,
  CalendarClock,
  ChartNoAxesCombined,
  CircleCheck,
  Clock,
  Globe,
  Images,
  Languages,
  Layers,
  Lock,
  MessageSquareText,
  PenLine,
  RefreshCw,
  Rocket,
  Send,
  Server,
  ShieldCheck,
  Sparkles,
  Timer,
  Users,
  Zap,
  type LucideIcon,
} from "lucide-react";

// The icons content/ may name (imported one by one so the page ships only these). A name that
// is not here is reported by the content test.
export const CONTENT_ICONS: Record<string, LucideIcon> = {
  "badge-check": BadgeCheck,
  "bell-ring": BellRing,
  "calendar-clock": CalendarClock,
  "chart-no-axes-combined": ChartNoAxesCombined,
  "circle-check": CircleCheck,
  clock: Clock,
  globe: Globe,
  images: Images,
  languages: Languages,
  layers: Layers,
  lock: Lock,
  "message-square-text": MessageSquareText,
  "pen-line": PenLine,
  "refresh-cw": RefreshCw,
  rocket: Rocket,
  send: Send,
  server: Server,
  "shield-check": ShieldCheck,
  sparkles: Sparkles,
  timer: Timer,
  users: Users,
  zap: Zap,
};

export function ContentIcon({ name, className }: { name?: string; className?: string }) {
  const Icon = (name && CONTENT_ICONS[name]) || CircleCheck;
  return <Icon aria-hidden className={className ?? "size-5"} />;
}
