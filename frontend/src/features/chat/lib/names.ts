import type { Conversation } from '@akhada/contracts';

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');

/** The other person of a direct conversation (the caller when alone in it), as UserAvatar takes a person. */
export function directPartner(c: Conversation, me: string): { firstName: string; email: string; avatarUrl: string | null } {
  const other = c.participants.find((p) => p.user._id !== me) ?? c.participants[0];
  return { firstName: other?.user.firstName ?? '', email: other?.user.email ?? '', avatarUrl: other?.user.avatar ?? null };
}

/** A group's name, or the other person's name in a direct conversation. */
export function conversationTitle(c: Conversation, me: string): string {
  if (c.type !== 'direct' && c.name) return c.name;
  const other = c.participants.find((p) => p.user._id !== me) ?? c.participants[0];
  return other ? fullName(other.user) : '';
}

/** The ten reactions offered (spec §9: ten emoji choices). */
export const REACTION_CHOICES = ['👍', '❤️', '😂', '😮', '😢', '🙏', '🔥', '💪', '👏', '✅'] as const;
