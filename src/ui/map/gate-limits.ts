/** Start/finish plus two sector gates (the product fixes 3 sectors per lap); apart from the map code so screens can say it cheaply. */
export const MAX_GATES = 3;
