/** Groups drawn on the plot by "Fit each group" (data and curve): beyond twenty the colours
 *  tangle and no one can tell the groups apart; the table has them all. */
export const OVERLAY_MAX = 20;
