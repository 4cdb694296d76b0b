/** Rows of a half's inner part (nearest the band) and outer part: as even as they can be. */
export const partRows = (m: number) => [Math.ceil(m / 2), Math.floor(m / 2)] as const;
