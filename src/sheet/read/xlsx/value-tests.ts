/** Text holding something other than white space: a cell that is not blank. */
export const HAS_TEXT = /\S/;
