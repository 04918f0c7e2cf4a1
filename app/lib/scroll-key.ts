/**
 * Scroll goes to the top after each navigation unless the route has a mapId:
 * every page of one map shares one scroll key, so moving between its spots
 * keeps the position (React Router restores the position saved for the key).
 */
export function scrollKey(location: { key: string }, matches: { params: Record<string, string | undefined> }[]): string {
  const mapId = matches.at(-1)?.params.mapId;
  return mapId ? `map:${mapId}` : location.key;
}
