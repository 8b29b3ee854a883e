/** The median of `values` (for an even count, the upper of the middle two): the figure the measuring scripts report of repeated runs. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
