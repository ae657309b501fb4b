/** Widths of the home hero poster: the <img> and its preload must offer the same candidates. */
export const heroWidths = [640, 960, 1280, 1920];
