/** Text holding something other than white space: a cell that is not blank. */
export const HAS_TEXT = /\S/;

/** An XML boolean attribute (`hidden="1"`, `date1904="true"`) that is set. */
export const isTrue = (value: string | undefined) => value === "1" || value === "true";
