/** Page arithmetic of the notification list: pages start at 1; no rows still means zero pages. */
export const pageOffset = (page: number, limit: number): number => (page - 1) * limit;

export const totalPages = (totalCount: number, limit: number): number => (totalCount <= 0 ? 0 : Math.ceil(totalCount / limit));
