/** A supporter as a creator sees them: "Ana Pérez", else "@ana", else null (a member with neither; see supporter-name.server.ts). */
export function supporterName(displayName: string | null, handle: string | null): string | null {
  return displayName ?? (handle ? `@${handle}` : null);
}
