// Which of a post's images go with which part: a part shows the images it names (mediaIds, in its
// order); images no part names go with part 1, after its own (how posts made before parts kept
// their images, and what the version 1 API's uploads mean).

export function parseMediaIds(stored: string): string[] {
  return stored ? stored.split(",").filter(Boolean) : [];
}

export function partMedia<M extends { id: string }>(media: readonly M[], parts: readonly { position: number; mediaIds: string }[], position: number): M[] {
  const named = new Set(parts.flatMap((part) => parseMediaIds(part.mediaIds)));
  const own = parts.find((part) => part.position === position);
  const byId = new Map(media.map((m) => [m.id, m]));
  const mine = own ? parseMediaIds(own.mediaIds).flatMap((id) => byId.get(id) ?? []) : [];
  return position === 1 ? [...mine, ...media.filter((m) => !named.has(m.id))] : mine;
}
