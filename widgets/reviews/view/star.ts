/**
 * The star glyph (24×24 viewBox) of the read-only stars, the histogram's labels and the form's star
 * input. A constant: the bundler writes it into each chunk that uses it, so the form's chunk does not
 * import the list's for it.
 */
export const STAR_PATH = 'M12 2.6l2.9 5.9 6.5.95-4.7 4.6 1.1 6.5L12 17.5l-5.8 3.05 1.1-6.5-4.7-4.6 6.5-.95z';
