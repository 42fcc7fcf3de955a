/** The accept-invitation page's cache key: whom a link greets (per token; never shared between links). */
export const invitationKeys = {
  preview: (token: string) => ['invitations', 'preview', token] as const,
};
