export declare const MAX_RERUN_FILES: number;
export declare function filesToRerunAfterNativeAbort(
  output: string,
  report: { numFailedTests?: number; testResults: { name: string; status: string; message?: string; assertionResults?: { status: string }[] }[] } | null,
  files: string[],
): string[] | null;
