// Rules of the reference lists shared by the server's validation and the
// configuration forms (one owner).

/**
 * Tree status codes: 0–999. client.md §3 defines 0 (Healthy) to 5, and the
 * seed stores them; admin.md lets admins add their own codes up to 999.
 */
export const TREE_STATUS_CODE = { min: 0, max: 999 } as const;
