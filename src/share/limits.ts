/**
 * The size and range limits of a fit link, in one place. A link is untrusted input (anyone can
 * forge one, and chat clients truncate them), so every size is capped *before* the work it would
 * cost: the fragment before base64 decoding, the compressed bytes before inflating, the inflated
 * bytes while inflating (a zip bomb stops at the cap), and the parsed data before any fit.
 */

/** Longest fragment text decodeSpec reads (≈ 768 KiB compressed); longer ones are refused unread. */
export const MAX_FRAGMENT_CHARS = 1 << 20;

/** Most bytes a link may inflate to; inflating stops as soon as the output passes it. */
export const MAX_JSON_BYTES = 16 << 20;

/** planLink carries the data inline only while the compressed link stays within this. */
export const LINK_DATA_BUDGET = 64 << 10;

/** Most numbers (rows × used columns) inline data may hold. */
export const MAX_INLINE_CELLS = 1_000_000;

/** Most rows a fingerprint may claim. */
export const MAX_FINGERPRINT_ROWS = 1e9;

/** Most x columns (model variables) a spec may name. */
export const MAX_X_COLUMNS = 64;

/** Most parameters a spec may list (a model of MAX_MODEL_LENGTH characters has fewer). */
export const MAX_PARAMETERS = 5000;

/** Longest file name carried (characters). */
export const MAX_FILE_NAME = 1024;

/** Largest max_nfev accepted. */
export const MAX_NFEV_LIMIT = 1e9;

/** Most derived quantities a spec may carry, and the longest expression of one (characters). */
export const MAX_DERIVED = 64;
export const MAX_DERIVED_CHARS = 1024;

/** Most row filters a spec may carry, and longest filter text. */
export const MAX_WHERE = 64;
export const MAX_WHERE_CHARS = 1024;

/** Most picked groups a spec may carry, and the longest group key (as written in a file). */
export const MAX_PICKED_GROUPS = 100_000;
export const MAX_GROUP_KEY_CHARS = 1024;

/** Most excluded lines a spec may carry. */
export const MAX_EXCLUDED_LINES = 100_000;
