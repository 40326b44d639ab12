/** Files smaller than this many bytes get no compressed copies. */
export declare const MIN_BYTES: number;
/** Writes `<file>.br` and `<file>.gz` beside what compresses in `dir`; returns the files compressed, with their sizes. */
export declare function precompressDir(dir: string): Promise<Array<{ name: string; bytes: number; br: number; gz: number }>>;
