// SQL pieces the datasets share: numbers read from JSON and text without ever failing the statement (a value that
// is no number is none, a huge one is clamped to what a double holds).

/** A jsonb value as a number when it is one. */
export const numberOfJsonb = (jsonb: string) =>
  `CASE WHEN jsonb_typeof(${jsonb}) = 'number' THEN least(greatest((${jsonb})::numeric, -1e300), 1e300)::float8 END`;

/** Text as a number when it spells one (a tag's value): at most 15 digits either side of the point, a 2-digit exponent. */
export const numberOfText = (text: string) =>
  `CASE WHEN ${text} ~ '^-?([0-9]{1,15}([.][0-9]{0,15})?|[.][0-9]{1,15})([eE][-+]?[0-9]{1,2})?$' THEN (${text})::float8 END`;
