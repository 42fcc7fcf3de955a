/** The landing feature's cache keys. */
export const landingKeys = {
  content: (lang: string) => ['landing-content', lang] as const,
};
