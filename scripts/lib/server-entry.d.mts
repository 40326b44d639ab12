export declare const SERVER_ENTRY: string;
export declare const BUNDLED_PACKAGES: string[];
export declare function buildForServer(root: string, options?: { budget?: boolean }): number;
