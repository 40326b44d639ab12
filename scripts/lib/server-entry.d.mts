export declare const SERVER_ENTRY: string;
export declare const BUNDLED_PACKAGES: string[];
